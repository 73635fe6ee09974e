import type { ReactElement } from 'react';
import { LANGUAGE_CHIP, type EmailTemplate } from '@evreg/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { DataTable, List, TopToolbar } from 'react-admin';
import { Link } from 'react-router';
import { formatDateTime } from '../../common/format';
import { ListError, ListLoading } from '../../common/ListStates';
import { PrevNextPagination } from '../../common/PrevNextPagination';
import { LIST_PAGE_SIZE } from '../../common/ResourceList';
import { LanguageChips, useAllTemplates } from './LanguageChips';
import { templateTypeLabel } from './rules';

/** /admin/email-templates: every template by type (the active one first), with links to create, preview and
 * edit (docs/product.md §2), its language and the languages its type has (chips ES CA EU GL EN). The API answers
 * the whole list. */
export default function TemplateList() {
  const templates = useAllTemplates();
  return (
    <List
      resource="email-templates"
      title="Plantillas"
      actions={
        <TopToolbar>
          <Button component={Link} to="/email-templates/create" variant="contained" startIcon={<AddIcon />}>
            Nueva Plantilla
          </Button>
        </TopToolbar>
      }
      pagination={<PrevNextPagination noun="plantillas" />}
      perPage={LIST_PAGE_SIZE}
      // The server's order (type, active first) is kept within each type: the sort is stable.
      sort={{ field: 'templateType', order: 'ASC' }}
      empty={false}
      exporter={false}
      error={<ListError text="Error al cargar las plantillas" />}
      disableSyncWithLocation
      sx={{ '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' } }}
    >
      <ListLoading />
      <DataTable<EmailTemplate>
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <Typography color="text.secondary">
              No hay plantillas. Sin una plantilla activa de un tipo, sus emails no se envían.
            </Typography>
          </Box>
        }
      >
        <DataTable.Col<EmailTemplate>
          label="Nombre"
          disableSort
          render={(t) => (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t.name}
            </Typography>
          )}
        />
        <DataTable.Col<EmailTemplate> label="Tipo" disableSort render={(t) => templateTypeLabel(t.templateType)} />
        <DataTable.Col<EmailTemplate>
          label="Idioma"
          disableSort
          render={(t) => <Chip size="small" variant="outlined" label={LANGUAGE_CHIP[t.language ?? 'es']} />}
        />
        <DataTable.Col<EmailTemplate>
          label="Idiomas del tipo"
          disableSort
          render={(t) => <LanguageChips templates={templates} type={t.templateType} />}
        />
        <DataTable.Col<EmailTemplate>
          label="Asunto"
          disableSort
          render={(t) => (
            <Box sx={{ fontFamily: 'monospace', fontSize: '0.8rem', overflowWrap: 'anywhere' }}>{t.subject}</Box>
          )}
        />
        <DataTable.Col<EmailTemplate>
          label="Estado"
          disableSort
          render={(t) => (
            <Chip size="small" label={t.isActive ? 'Activa' : 'Inactiva'} color={t.isActive ? 'success' : 'default'} />
          )}
        />
        <DataTable.Col<EmailTemplate>
          label="Última modificación"
          disableSort
          render={(t) => formatDateTime(t.updatedAt)}
        />
        <DataTable.Col<EmailTemplate>
          label="Acciones"
          disableSort
          render={(t) => (
            <Stack direction="row" spacing={0.5}>
              <LinkAction
                to={`/email-templates/${t.id}/preview`}
                title="Vista previa"
                label={`Vista previa de ${t.name}`}
                icon={<VisibilityIcon fontSize="small" />}
              />
              <LinkAction
                to={`/email-templates/${t.id}/edit`}
                title="Editar"
                label={`Editar ${t.name}`}
                icon={<EditIcon fontSize="small" />}
              />
            </Stack>
          )}
        />
      </DataTable>
    </List>
  );
}

function LinkAction({ to, title, label, icon }: { to: string; title: string; label: string; icon: ReactElement }) {
  return (
    <Tooltip title={title}>
      <IconButton component={Link} to={to} size="small" aria-label={label}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
