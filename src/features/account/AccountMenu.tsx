import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAccountSections } from './useAccountSections';

const withoutTrailingSlash = (path: string) => path.replace(/(.)\/$/, '$1');

/**
 * The account button's menu (MUI Menu: arrow keys, first letters, Escape and Tab close it): one
 * group per logged-in side, named by its visible heading ('Student: Ada Lovelace'). Loaded on the
 * first press of the account button.
 *
 * `onClose` says whether the focus should go back to the button: yes when the menu is dismissed
 * or an entry leads to the page already shown; no when an entry opens another page, whose h1 then
 * takes the focus (`useNavigationFocus`), which a late restore would take away again.
 */
export function AccountMenu({
  id,
  buttonId,
  anchorEl,
  open,
  onClose,
}: {
  id: string;
  /** The account button, which names the menu. */
  buttonId: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: (options: { restoreFocus: boolean }) => void;
}) {
  const sections = useAccountSections();
  const headingId = useId();
  const { pathname } = useLocation();
  const follow = (to: string) => onClose({ restoreFocus: withoutTrailingSlash(to) === withoutTrailingSlash(pathname) });
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={open}
      onClose={() => onClose({ restoreFocus: true })}
      disableRestoreFocus
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        list: { 'aria-labelledby': buttonId },
        paper: { sx: { minWidth: 240, maxWidth: 'calc(100vw - 32px)' } },
      }}
    >
      {sections.map((section, index) => (
        <Box component="li" role="none" key={section.side} sx={index > 0 ? { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1 } : undefined}>
          <Box
            id={`${headingId}-${section.side}`}
            aria-hidden
            sx={{ px: 2, py: 1, typography: 'body2', fontWeight: 700, color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {section.heading}
          </Box>
          <div role="group" aria-labelledby={`${headingId}-${section.side}`}>
            {section.entries.map((entry) => (
              <MenuItem key={entry.to} component={RouterLink} to={entry.to} onClick={() => follow(entry.to)}>
                <ListItemText
                  primary={entry.label}
                  secondary={entry.detail}
                  slotProps={{ secondary: { sx: entry.highlight ? { color: 'primary.main', fontWeight: 700 } : undefined } }}
                />
              </MenuItem>
            ))}
          </div>
        </Box>
      ))}
    </Menu>
  );
}
