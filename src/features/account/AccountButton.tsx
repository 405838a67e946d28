import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { accountMessages } from './accountMessages';
import { type SignedInPeople, useSignedInPeople } from './useSignedInPeople';

const loadAccountMenu = () => import(/* webpackChunkName: "account" */ './AccountMenu');
const AccountMenu = lazy(async () => ({ default: (await loadAccountMenu()).AccountMenu }));

/** Up to two letters: the first of the first and of the last word. */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word = '') => Array.from(word)[0]?.toLocaleUpperCase() ?? '').join('');
}

/** What the button says: the one logged-in side's name; 'My account' while it loads, if it fails, or for two sides. */
function labelOf(people: SignedInPeople): string | null {
  if (people.student && people.teacher) return null;
  return (people.student ?? people.teacher)?.name ?? null;
}

/** Shown from `lg` up; below, read by screen readers only, the initials standing in for it. */
const nameFromLg = {
  position: { xs: 'absolute', lg: 'static' },
  width: { xs: '1px', lg: 'auto' },
  height: { xs: '1px', lg: 'auto' },
  overflow: 'hidden',
  clip: { xs: 'rect(0 0 0 0)', lg: 'auto' },
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  maxWidth: { lg: 160 },
} as const;

/**
 * The header's account button: the initials (an icon while the name is unknown) and, on wide
 * screens, the name; on phones the name is its accessible name only. It opens the account menu,
 * whose code loads as the pointer comes down or on the first press; the focus comes back to it
 * when the menu is dismissed. Loaded only when someone is logged in (see `SiteHeader`).
 */
export function AccountButton() {
  const people = useSignedInPeople();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  /** The button, once pressed: the menu's anchor. The menu (and its code) is not there before. */
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const name = labelOf(people);
  const label = name ?? accountMessages.myAccount;
  return (
    <>
      <Button
        ref={button}
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onPointerDown={() => void loadAccountMenu()}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpen(true);
        }}
        sx={{ minWidth: 48, minHeight: 48, px: 1, gap: 1, flexShrink: 1, textTransform: 'none', fontWeight: 600 }}
      >
        {name === null ? (
          <AccountCircleIcon aria-hidden sx={{ fontSize: 32, color: 'primary.main' }} />
        ) : (
          <Box
            component="span"
            aria-hidden
            sx={{
              width: 32,
              height: 32,
              borderRadius: '50%',
              flexShrink: 0,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: '0.875rem',
              fontWeight: 700,
            }}
          >
            {initialsOf(name)}
          </Box>
        )}
        <Box component="span" sx={nameFromLg}>
          {label}
        </Box>
      </Button>
      {anchor ? (
        <Suspense fallback={null}>
          <AccountMenu
            id={menuId}
            buttonId={buttonId}
            anchorEl={anchor}
            open={open}
            onClose={({ restoreFocus }) => {
              setOpen(false);
              if (restoreFocus) button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
