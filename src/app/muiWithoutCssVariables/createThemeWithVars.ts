/**
 * Stands in for MUI's `createThemeWithVars` in the browser build (webpack.config.ts): the app's
 * theme (src/app/theme.ts) sets neither `colorSchemes` nor `cssVariables`, so createTheme never
 * calls it.
 */
export default function createThemeWithVars(): never {
  throw new Error('The build leaves out MUI CSS-variables themes: remove muiWithoutCssVariables from webpack.config.ts to use one.');
}
