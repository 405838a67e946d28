import { createTheme } from '@mui/material/styles';

/** The one theme of the app. Colours meet WCAG 2.2 AA contrast on white and on their own fills. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b5d4b', contrastText: '#ffffff' },
    secondary: { main: '#8a4b00', contrastText: '#ffffff' },
    success: { main: '#1b6e20', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
    text: { primary: '#1c1b1f', secondary: '#4a4a4f' },
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
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});
