import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router-dom';
import { accountMessages } from './accountMessages';
import { useAccountSections } from './useAccountSections';

/**
 * The account's entries at the top of the phone menu: the same sections as the account menu, as
 * links under a heading per side. Loaded with the phone menu when someone is logged in.
 */
export function AccountDrawerEntries({ onNavigate }: { onNavigate: () => void }) {
  const sections = useAccountSections();
  return (
    <Box component="nav" aria-label={accountMessages.drawerNavLabel} sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}>
      {sections.map((section) => (
        <Box key={section.side} sx={{ mt: 1 }}>
          <Typography component="h3" variant="subtitle2" sx={{ px: 2, color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {section.heading}
          </Typography>
          <List>
            {section.entries.map((entry) => (
              <ListItemButton key={entry.to} component={NavLink} to={entry.to} end onClick={onNavigate}>
                <ListItemText
                  primary={entry.label}
                  secondary={entry.detail}
                  slotProps={{ secondary: { sx: entry.highlight ? { color: 'primary.main', fontWeight: 700 } : undefined } }}
                />
              </ListItemButton>
            ))}
          </List>
        </Box>
      ))}
    </Box>
  );
}
