import { ConfigError, type Config } from '../../config.ts';
import { createEasyPostShippingProvider } from './easypost-provider.ts';
import { createLocalShippingProvider } from './local-provider.ts';
import type { ShippingProvider } from './shipping-provider.ts';

/** The provider `SHIPPING_PROVIDER` names: the embedded one by default, EasyPost in production. */
export function createShippingProvider(shipping: Config['shipping']): ShippingProvider {
  if (shipping.provider === 'local') return createLocalShippingProvider();
  const { apiKey, apiUrl } = shipping.easypost;
  if (!apiKey) throw new ConfigError('EASYPOST_API_KEY: required when SHIPPING_PROVIDER=easypost');
  return createEasyPostShippingProvider({ apiKey, apiUrl });
}
