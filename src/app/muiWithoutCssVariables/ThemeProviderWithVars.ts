/**
 * Stands in for MUI's CSS-variables theme provider in the browser build (webpack.config.ts): the
 * app's theme (src/app/theme.ts) has no `colorSchemes` and no `cssVariables`, so MUI's
 * ThemeProvider never takes that path, and leaving it out saves about 6 KB of every first load.
 */
export function CssVarsProvider(): never {
  throw new Error('The build leaves out MUI CSS-variables themes: remove muiWithoutCssVariables from webpack.config.ts to use one.');
}
