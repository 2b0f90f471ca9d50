import { MOBILE_BREAKPOINT_PX } from '@atelier/contract';
import {
  createTheme,
  type CloseButtonProps,
  type CSSVariablesResolver,
  type DataAttributes,
  type MantineColorsTuple,
  type ModalRootProps,
  type PasswordInputProps,
} from '@mantine/core';

// Warm near-blacks: dark[7] is the page background, dark[0] the ivory text.
const dark: MantineColorsTuple = [
  '#ede7db',
  '#d3cbbc',
  '#aaa293',
  '#80786b',
  '#4d473f',
  '#332e28',
  '#25211d',
  '#161412',
  '#100e0d',
  '#0a0908',
];

const gold: MantineColorsTuple = [
  '#fbf6ea',
  '#f3e9d0',
  '#e7d5a9',
  '#dbc17f',
  '#d0b060',
  '#c9a54e',
  '#b8923c',
  '#a07e31',
  '#8a6c28',
  '#735a1f',
];

/** §9: at or below the 600 px breakpoint the screens take their phone layout. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX / 16}em)`;

export const SERIF_FONT_FAMILY =
  "'Cormorant Garamond', 'Playfair Display', Didot, 'Bodoni 72', Georgia, 'Times New Roman', serif";

export const theme = createTheme({
  primaryColor: 'gold',
  // One shade in the forced dark scheme, so autoContrast picks text for the colour shown.
  primaryShade: 5,
  autoContrast: true,
  colors: { dark, gold },
  white: '#fbf8f2',
  black: '#0a0908',
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', sans-serif",
  headings: { fontFamily: SERIF_FONT_FAMILY, fontWeight: '500' },
  defaultRadius: 'sm',
  // xs is the spec's mobile breakpoint (§9); the CSS modules' `37.5em` media queries match it.
  breakpoints: {
    xs: `${MOBILE_BREAKPOINT_PX / 16}em`,
    sm: '48em',
    md: '62em',
    lg: '75em',
    xl: '88em',
  },
  cursorType: 'pointer',
  // Mantine's transitions drop to none when the system asks for less motion.
  respectReducedMotion: true,
  // Plain objects rather than `Component.extend(…)`, which would bring every component named here
  // (the modal's focus trap and scroll lock among them) into every page's first download.
  components: {
    // Every close button (modals, toasts) is named for screen readers.
    // (CloseButtonProps leaves out the button's own attributes, which it passes on.)
    CloseButton: {
      defaultProps: { 'aria-label': 'Close' } as Partial<CloseButtonProps> & DataAttributes,
    },
    // A modal opens on its title, not on its close button; the title is focusable for that.
    ModalRoot: {
      defaultProps: {
        attributes: { title: { 'data-autofocus': true, tabIndex: -1 } },
      } satisfies Partial<ModalRootProps>,
    },
    // The show-password toggle is reached by Tab; its name leaves "password" to the field's label.
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Show text' },
      } satisfies Partial<PasswordInputProps>,
    },
  },
});

/**
 * WCAG AA contrast (4.5:1) for the dark scheme's error text, typed text in an errored field and
 * placeholders: Mantine's red-8 and dark-3 reach only 3.5-4.3:1 on the inputs and cards.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantine) => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-error': mantine.colors.red[5],
    '--mantine-color-placeholder': mantine.colors.dark[2],
  },
});
