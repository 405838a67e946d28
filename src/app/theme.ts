import { createTheme } from '@mui/material/styles';

/** Text colour of the theme, also the outer ring of the focus indicator. */
const ink = '#1c1b1f';
/** The inner ring of the focus indicator: it separates the dark ring from dark fills and dark surfaces. */
const halo = '#ffffff';
/** Width of each of the two rings of the focus indicator, in px. */
const ringWidth = 3;

/**
 * Room the sticky header (AppBar: 56 px on phones, 64 px from 600 px up) takes at the top of the
 * viewport, plus a margin: an element scrolled into view by focus (Tab, a skip link, the h1
 * after a navigation) stays below it (WCAG 2.4.11).
 */
export const stickyHeaderClearance = { xs: 72, sm: 88 } as const;

/**
 * What a text field shows above its input, so that a field scrolled into view by focus (Tab, the
 * first field at fault after a failed submit) keeps it clear of the sticky header too: the
 * outlined field's label sits 9 px above the input's box, its focus ring 6 px, and a multiline
 * field's text starts 16.5 px inside it.
 */
export const fieldLabelClearance = { singleLine: 12, multiline: 28 } as const;

/**
 * The keyboard focus ring (WCAG 2.4.7, 1.4.11): a 3 px ink outline 3 px away from the element,
 * the gap filled by a 3 px white halo. On light pages the ink ring contrasts (17:1 on white);
 * on dark fills and surfaces (contained buttons, the footer) the white halo does (over 7:1 on
 * the primary green, 14:1 on the footer). MUI applies it to every `Mui-focusVisible` control
 * (buttons, icon buttons, links, tabs, list item buttons, card action areas, chips, checkboxes,
 * radios, switches, the rating) and insets it where an `overflow: hidden` parent would clip it
 * (tabs, list item buttons, card action areas).
 */
const focusRing = {
  outlineStyle: 'solid',
  outlineColor: ink,
  outlineWidth: ringWidth,
  outlineOffset: ringWidth,
  boxShadow: `0 0 0 ${ringWidth}px ${halo}`,
} as const;

/** The same ring for what MUI does not draw it on: native links, inputs, videos, headings taking the focus. */
const nativeFocusRing = {
  outline: `${ringWidth}px solid ${ink}`,
  outlineOffset: ringWidth,
  boxShadow: `0 0 0 ${ringWidth}px ${halo}`,
} as const;

/** The one theme of the app. Colours meet WCAG 2.2 AA contrast on white and on their own fills. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b5d4b', contrastText: '#ffffff' },
    secondary: { main: '#8a4b00', contrastText: '#ffffff' },
    success: { main: '#1b6e20', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
    text: { primary: ink, secondary: '#4a4a4f' },
    background: { default: '#f7f8f6', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.4rem', fontWeight: 700 },
    h2: { fontSize: '1.9rem', fontWeight: 700 },
    h3: { fontSize: '1.5rem', fontWeight: 600 },
    button: { fontWeight: 600 },
  },
  focusVisible: focusRing,
  // Ripples, transitions (dialogs, drawers, menus), skeleton pulses and progress animations
  // follow the system's 'reduce motion' setting.
  motion: { reducedMotion: 'system' },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: {
          scrollPaddingTop: stickyHeaderClearance.xs,
          '@media (min-width: 600px)': { scrollPaddingTop: stickyHeaderClearance.sm },
        },
        // A word longer than its line (an e-mail address at 320 px, with wider text spacing)
        // breaks instead of widening the page (WCAG 1.4.10, 1.4.12).
        body: { overflowWrap: 'break-word' },
        // Native controls and focusable non-controls (links, file inputs, videos, an h1 given the
        // focus after a navigation), shown for keyboard focus only, as :focus-visible decides.
        // `:where` keeps it at zero specificity: an element that draws its own ring, or none on
        // purpose (the main landmark a skip link focuses, a dialog's container), overrides it.
        ':where(:focus-visible)': nativeFocusRing,
        // Focus the app moved after a pointer (`POINTER_FOCUS_ATTRIBUTE`, src/components/pointerFocus.ts,
        // which is not in the first download): no ring where the browser would draw one anyway.
        '[data-pointer-focus]:focus-visible': { outline: 'none', boxShadow: 'none' },
        // InputBase's keyframes, by which it tells a field the browser filled in (its label then
        // shrinks): here with the base styles, which a rendered page carries, instead of a global
        // style each field inserts and removes (`disableInjectingGlobalStyles` below).
        '@keyframes mui-auto-fill': { from: { animationName: 'mui-auto-fill' } },
        '@keyframes mui-auto-fill-cancel': { from: { animationName: 'mui-auto-fill-cancel' } },
        '@media (prefers-reduced-motion: reduce)': {
          html: { scrollBehavior: 'auto' },
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    // The ring marks keyboard focus; a pulsing focus ripple on top of it would compete.
    MuiButtonBase: { defaultProps: { focusRipple: false } },
    MuiButton: { defaultProps: { disableElevation: true, disableFocusRipple: true } },
    MuiIconButton: { defaultProps: { disableFocusRipple: true } },
    MuiTab: { defaultProps: { disableFocusRipple: true } },
    MuiCheckbox: { defaultProps: { disableFocusRipple: true } },
    MuiRadio: { defaultProps: { disableFocusRipple: true } },
    MuiSwitch: { defaultProps: { disableFocusRipple: true } },
    MuiLink: { defaultProps: { underline: 'always' } },
    // A table wider than a phone scrolls inside its container, not the page; the container holds
    // the screen-reader-only texts of its cells too (absolutely placed), which would otherwise
    // widen the page (WCAG 1.4.10).
    MuiTableContainer: { styleOverrides: { root: { position: 'relative' } } },
    // Text fields and selects: the ring around the whole field (its input only shows a caret).
    MuiInputBase: {
      defaultProps: { disableInjectingGlobalStyles: true },
      styleOverrides: {
        root: {
          '&.Mui-focused': nativeFocusRing,
          '& .MuiInputBase-input': { scrollMarginTop: fieldLabelClearance.singleLine },
          '&.MuiInputBase-multiline .MuiInputBase-input': { scrollMarginTop: fieldLabelClearance.multiline },
        },
      },
    },
  },
});
