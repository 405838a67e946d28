import { fieldLabelClearance, stickyHeaderClearance, theme } from '@/app/theme';
import { POINTER_FOCUS_ATTRIBUTE } from '@/components/pointerFocus';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The footer's fill (src/components/layout/Footer.tsx), the darkest surface a focused control sits on. */
const footerFill = '#0e2a24';

describe('the theme: focus you can see, motion you can stop', () => {
  const ring = theme.focusVisible;
  const halo = /#[0-9a-f]{6}/i.exec(String(ring && ring.boxShadow))?.[0] ?? '';

  it('draws a keyboard focus ring of at least 2 px, and a halo of at least 2 px between it and the control', () => {
    expect(ring).toBeTruthy();
    expect(ring && ring.outlineStyle).toBe('solid');
    expect(Number(ring && ring.outlineWidth)).toBeGreaterThanOrEqual(2);
    expect(String(ring && ring.boxShadow)).toMatch(/0 0 0 [2-9]px #[0-9a-f]{6}/i);
  });

  it('contrasts 3:1 or more with the pages (the ink ring) and with the fills and dark surfaces (the white halo)', () => {
    const outline = String(ring && ring.outlineColor);
    for (const page of [theme.palette.background.default, theme.palette.background.paper]) {
      expect(contrast(outline, page)).toBeGreaterThanOrEqual(3);
    }
    for (const fill of [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.error.main, theme.palette.success.main, footerFill]) {
      expect(contrast(halo, fill)).toBeGreaterThanOrEqual(3);
    }
  });

  it('starts no focus ripple that would compete with the ring', () => {
    const { components } = theme;
    expect(components?.MuiButtonBase?.defaultProps?.focusRipple).toBe(false);
    for (const props of [components?.MuiButton, components?.MuiIconButton, components?.MuiTab, components?.MuiCheckbox, components?.MuiRadio, components?.MuiSwitch]) {
      expect(props?.defaultProps).toEqual(expect.objectContaining({ disableFocusRipple: true }));
    }
  });

  it('follows the system setting to reduce motion, and keeps focused elements clear of the sticky header', () => {
    expect(theme.motion.reducedMotion).toBe('system');
    const baseline = JSON.stringify(theme.components?.MuiCssBaseline?.styleOverrides);
    expect(baseline).toContain('@media (prefers-reduced-motion: reduce)');
    expect(baseline).toContain(`"scrollPaddingTop":${stickyHeaderClearance.xs}`);
    // The AppBar is 56 px high on phones and 64 px from 600 px up.
    expect(stickyHeaderClearance.xs).toBeGreaterThan(56);
    expect(stickyHeaderClearance.sm).toBeGreaterThan(64);
  });

  it("keeps a focused text field's label and ring clear of the sticky header too, not only its input", () => {
    const inputBase = JSON.stringify(theme.components?.MuiInputBase?.styleOverrides);
    // The outlined label sits 9 px above the input's box and the ring 6 px; a multiline field's text starts 16.5 px lower.
    expect(inputBase).toContain(`"& .MuiInputBase-input":{"scrollMarginTop":${fieldLabelClearance.singleLine}}`);
    expect(inputBase).toContain(`"&.MuiInputBase-multiline .MuiInputBase-input":{"scrollMarginTop":${fieldLabelClearance.multiline}}`);
    expect(fieldLabelClearance.singleLine).toBeGreaterThanOrEqual(9);
    expect(fieldLabelClearance.multiline).toBeGreaterThanOrEqual(9 + 16.5);
  });

  it('draws no ring on what the app focused after a pointer (the focus moves, the ring is for keyboard users)', () => {
    const baseline = JSON.stringify(theme.components?.MuiCssBaseline?.styleOverrides);
    expect(baseline).toContain(`"[${POINTER_FOCUS_ATTRIBUTE}]:focus-visible":{"outline":"none","boxShadow":"none"}`);
  });
});
