export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Whether a URL's hostname names this machine's loopback (`[::1]` as URLs write it). */
export const isLoopbackHost = (hostname: string) => LOOPBACK_HOSTS.includes(hostname);
