import type { EmailTemplate } from '@evreg/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetOne } from 'react-admin';
import { Link, useParams } from 'react-router';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { EmailPreviewView } from './EmailPreviewView';
import { templateTypeLabel } from './rules';

/** /admin/email-templates/{id}/preview: the saved template filled with the server's sample data. */
export default function TemplatePreview() {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const template = useGetOne<EmailTemplate>('email-templates', { id: Number(id) });
  const preview = useQuery({
    queryKey: ['email-template-preview', id],
    queryFn: () => dataProvider.previewEmailTemplate(id),
  });

  return (
    <Box sx={{ py: 2 }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 240 }}>
              <Typography component="h2" variant="h6">
                Vista previa{template.data ? `: ${template.data.name}` : ''}
              </Typography>
              {template.data && (
                <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
                  <Typography variant="body2" color="text.secondary">
                    {templateTypeLabel(template.data.templateType)}
                  </Typography>
                  <Chip
                    size="small"
                    label={template.data.isActive ? 'Activa' : 'Inactiva'}
                    color={template.data.isActive ? 'success' : 'default'}
                  />
                </Stack>
              )}
            </Box>
            <Button component={Link} to="/email-templates" startIcon={<ArrowBackIcon />}>
              Volver a Plantillas
            </Button>
            <Button component={Link} to={`/email-templates/${id}/edit`} variant="contained" startIcon={<EditIcon />}>
              Editar
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            Con datos de ejemplo: así lo recibe una persona inscrita.
          </Typography>
          {preview.isPending && (
            <CircularProgress aria-label="Cargando la vista previa" sx={{ justifySelf: 'center' }} />
          )}
          {preview.isError && (
            <Alert severity="error" role="alert">
              {preview.error.message || 'Error al cargar la vista previa'}
            </Alert>
          )}
          {preview.data && <EmailPreviewView preview={preview.data} />}
        </CardContent>
      </Card>
    </Box>
  );
}
