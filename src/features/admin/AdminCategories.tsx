import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { errorText, useAddCategoryMutation, useListCategoriesQuery, useRenameCategoryMutation, type Category } from '@/api';
import { LoadError } from '@/components/LoadError';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { useToasts } from '@/components/toasts/useToasts';
import { adminMessages as m } from './adminMessages';

/**
 * The academy's categories: the list (`listCategories`, what the course forms offer), a field to
 * add one, and Rename on each, in a dialog. A refusal (a name taken whatever its case, a blank or
 * too long one) shows under the field, which keeps what was typed.
 */
export function AdminCategories() {
  const headingId = useId();
  const categories = useListCategoriesQuery();
  const [renaming, setRenaming] = useState<Category | null>(null);

  let content;
  if (categories.error !== undefined && !categories.isFetching) {
    content = <LoadError message={errorText(categories.error, m.categoriesLoadFailed)} onRetry={() => void categories.refetch()} />;
  } else if (categories.data === undefined) {
    content = <RowsSkeleton label={m.categoriesHeading} rowHeight={40} />;
  } else if (categories.data.length === 0) {
    content = <Typography color="text.secondary">{m.noCategories}</Typography>;
  } else {
    content = (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {categories.data.map((category) => (
          <Box component="li" key={category.id} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography sx={{ flex: '1 1 8rem', overflowWrap: 'anywhere' }}>{category.title}</Typography>
            <Button size="small" aria-label={m.renameLabel(category.title)} onClick={() => setRenaming(category)}>
              {m.rename}
            </Button>
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ mb: 2 }}>
        {m.categoriesHeading}
      </Typography>
      <AddCategoryForm />
      {content}
      {renaming === null ? null : <RenameCategoryDialog category={renaming} onClose={() => setRenaming(null)} />}
    </Box>
  );
}

function AddCategoryForm() {
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [add, { isLoading: adding }] = useAddCategoryMutation();
  const { enqueueSnackbar } = useToasts();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (adding) return;
    if (!title.trim()) {
      setProblem(m.categoryBlank);
      return;
    }
    setProblem(null);
    try {
      const added = await add({ categoryForm: { title: title.trim() } }).unwrap();
      setTitle('');
      enqueueSnackbar(m.categoryAdded(added.title), { variant: 'success' });
    } catch (error) {
      setProblem(errorText(error, m.addFailed));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
      <TextField
        label={m.newCategoryField}
        name="title"
        size="small"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={problem !== null}
        helperText={problem}
        disabled={adding}
        sx={{ flex: '1 1 12rem' }}
      />
      <Button type="submit" variant="contained" disabled={adding}>
        {adding ? m.adding : m.add}
      </Button>
    </Box>
  );
}

/** Renames a category; the focus returns to its Rename button when the dialog closes. */
function RenameCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const titleId = useId();
  const [title, setTitle] = useState(category.title);
  const [problem, setProblem] = useState<string | null>(null);
  const [rename, { isLoading: saving }] = useRenameCategoryMutation();
  const { enqueueSnackbar } = useToasts();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (!title.trim()) {
      setProblem(m.categoryBlank);
      return;
    }
    try {
      const renamed = await rename({ categoryId: category.id, categoryForm: { title: title.trim() } }).unwrap();
      enqueueSnackbar(m.renamed(renamed.title), { variant: 'success' });
      onClose();
    } catch (error) {
      setProblem(errorText(error, m.renameFailed));
    }
  };

  return (
    <Dialog open onClose={() => (saving ? undefined : onClose())} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{m.renameHeading(category.title)}</DialogTitle>
        <DialogContent>
          <TextField
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog was opened to rename: its one field takes the focus
            autoFocus
            label={m.nameField}
            name="title"
            fullWidth
            margin="dense"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={problem !== null}
            helperText={problem}
            disabled={saving}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {m.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? m.saving : m.save}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
