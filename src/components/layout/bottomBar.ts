/**
 * The CSS custom property a bar fixed at the foot of the window (the areas' bar on a phone) sets
 * on the root to its height, for what else sits at the foot (the offline banner) to stay above
 * it; unset without such a bar.
 */
export const BOTTOM_BAR_HEIGHT = '--bottom-bar-height';
