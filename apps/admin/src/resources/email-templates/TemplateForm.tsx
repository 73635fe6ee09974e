import { useState } from 'react';
import { VISITOR_LANGUAGES, VISITOR_LANGUAGE_NAMES, type EmailPreview, type EmailTemplate } from '@evreg/contracts';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button as MuiButton, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  BooleanInput,
  DeleteButton,
  FormDataConsumer,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useDataProvider,
  useRecordContext,
  useSaveContext,
} from 'react-admin';
import { Link } from 'react-router';
import { Confirmation } from '../../common/Confirmation';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { EmailPreviewView } from './EmailPreviewView';
import { LanguageTabs, useAllTemplates } from './LanguageChips';
import { PlaceholderHelp } from './PlaceholderHelp';
import { templateRequest, type TemplateForm as Values } from '../../providers/requests';
import { replacedTemplate, templateErrors, templateTypeLabel } from './rules';

const MONO = { '& textarea': { fontFamily: 'monospace', fontSize: '0.85rem' } };

/** The form shared by create and edit (docs/product.md §2): name, type (chosen on create, fixed on edit), active, subject,
 * HTML and optional text part; the placeholders as help and a preview of the unsaved content. */
export function TemplateForm({ creating }: { creating: boolean }) {
  const { save } = useSaveContext();
  const record = useRecordContext<EmailTemplate>();
  const templates = useAllTemplates();
  // Activating a template deactivates the live one of its type: asked first, naming it.
  const [pending, setPending] = useState<{ values: Record<string, any>; replaced: EmailTemplate } | null>(null);

  async function submit(values: Record<string, any>) {
    const replaced = replacedTemplate(templates, values as Values, creating ? undefined : record);
    if (replaced) {
      setPending({ values, replaced });
      return;
    }
    return save?.(values);
  }

  return (
    <>
      <SimpleForm
        onSubmit={submit}
        validate={(values) => templateErrors(values as Values, creating)}
        toolbar={<TemplateToolbar creating={creating} />}
        sx={{ '& .MuiStack-root': { maxWidth: 'none' } }}
      >
        <Typography component="h2" variant="h6">
          {creating ? 'Nueva Plantilla' : 'Editar Plantilla'}
        </Typography>
        {!creating && record && <LanguageTabs template={record} />}
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
            width: '100%',
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', minWidth: 0 }}>
            <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { sm: '3fr 2fr 1fr' } }}>
              <TextInput source="name" label="Nombre" fullWidth autoFocus />
              {creating ? <TypeSelect /> : <FixedType />}
              {creating ? (
                <SelectInput
                  source="language"
                  label="Idioma"
                  choices={LANGUAGE_CHOICES}
                  defaultValue="es"
                  validate={required()}
                  helperText="Quien se inscribió en este idioma recibe esta plantilla; si no hay, la española"
                  fullWidth
                />
              ) : (
                <FixedLanguage />
              )}
            </Box>
            <BooleanInput
              source="isActive"
              label="Activa"
              helperText="La plantilla activa es la que se envía para su tipo e idioma; al activar esta, la otra del mismo tipo e idioma se desactiva (se pide confirmación). Una plantilla nueva empieza inactiva."
              sx={{ mb: 1.5 }}
            />
            <TextInput
              source="subject"
              label="Asunto"
              fullWidth
              helperText="Puede usar marcadores, p. ej. Inscripción confirmada: {{eventTitle}}"
            />
            <TextInput source="htmlContent" label="Contenido HTML" multiline minRows={12} fullWidth sx={MONO} />
            <TextInput
              source="plainTextContent"
              label="Texto plano (opcional)"
              multiline
              minRows={4}
              fullWidth
              sx={MONO}
              helperText="Vacío: se genera a partir del HTML"
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <PlaceholderHelp />
            <FormDataConsumer>{({ formData }) => <UnsavedPreview values={formData as Values} />}</FormDataConsumer>
          </Box>
        </Box>
      </SimpleForm>
      {pending && (
        <Confirmation
          kind="action"
          title="Activar plantilla"
          question={`Se desactivará «${pending.replaced.name}», la plantilla activa de este tipo e idioma, y se enviará «${String(pending.values.name ?? '').trim()}» en su lugar. ¿Continuar?`}
          confirmLabel="Activar"
          onClose={() => setPending(null)}
          onConfirm={async () => {
            await save?.(pending.values);
          }}
        />
      )}
    </>
  );
}

/** Save and cancel; on edit also 'Eliminar' (this language's version: people who booked in it then get the
 * Spanish one, or, deleting the Spanish active one, nothing). */
function TemplateToolbar({ creating }: { creating: boolean }) {
  const record = useRecordContext<EmailTemplate>();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label="Guardar Plantilla" alwaysEnable />
      <MuiButton component={Link} to="/email-templates">
        Cancelar
      </MuiButton>
      {!creating && record && (
        <DeleteButton
          label="Eliminar"
          mutationMode="pessimistic"
          redirect="list"
          sx={{ ml: 'auto' }}
          confirmTitle={`Eliminar «${record.name}»`}
          confirmContent={
            record.language === 'es'
              ? 'Es una versión en español: si es la activa, los emails de su tipo dejarán de enviarse a quien no tenga plantilla en su idioma.'
              : `Quien se inscribió en ${VISITOR_LANGUAGE_NAMES[record.language]} recibirá la plantilla en español.`
          }
        />
      )}
    </Toolbar>
  );
}

const LANGUAGE_CHOICES = VISITOR_LANGUAGES.map((id) => ({ id, name: VISITOR_LANGUAGE_NAMES[id] }));

function FixedLanguage() {
  const record = useRecordContext<EmailTemplate>();
  return (
    <TextField
      label="Idioma"
      value={record ? VISITOR_LANGUAGE_NAMES[record.language ?? 'es'] : ''}
      slotProps={{ htmlInput: { readOnly: true } }}
      fullWidth
      helperText="No se cambia al editar"
      sx={{ mt: 1, mb: 0.5 }}
      size="small"
    />
  );
}

/** The type as the server names it, in Spanish; the ids are strings for the select and numbers in the form. */
function TypeSelect() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data } = useQuery({ queryKey: ['email-template-types'], queryFn: () => dataProvider.emailTemplateTypes() });
  const choices = (data ?? []).map((t) => ({ id: String(t.value), name: t.label }));
  return (
    <SelectInput
      source="templateType"
      label="Tipo"
      choices={choices}
      format={(value) => (value === null || value === undefined ? '' : String(value))}
      parse={(value) => (value === '' || value === null ? null : Number(value))}
      emptyText="Selecciona un tipo"
      fullWidth
    />
  );
}

function FixedType() {
  const record = useRecordContext<{ templateType: number }>();
  return (
    <TextField
      label="Tipo"
      value={record ? templateTypeLabel(record.templateType) : ''}
      // Read-only rather than disabled: still legible (contrast) and announced with its value.
      slotProps={{ htmlInput: { readOnly: true } }}
      fullWidth
      helperText="El tipo no se cambia al editar"
      sx={{ mt: 1, mb: 0.5 }}
      size="small"
    />
  );
}

/** 'Vista previa' of what is typed now, with the server's sample data (nothing is saved). */
function UnsavedPreview({ values }: { values: Values }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [request, setRequest] = useState<{
    subject: string;
    htmlContent: string;
    plainTextContent: string | null;
  } | null>(null);
  const { data, error, isFetching } = useQuery<EmailPreview, Error>({
    queryKey: ['email-template-preview', 'unsaved', request],
    queryFn: () => dataProvider.previewEmailContent(request!),
    enabled: request !== null,
    retry: false,
  });

  function show() {
    const body = templateRequest(values);
    setRequest({
      subject: body.subject,
      htmlContent: body.htmlContent,
      plainTextContent: body.plainTextContent ?? null,
    });
  }

  return (
    <Box
      component="section"
      aria-labelledby="unsaved-preview-title"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="unsaved-preview-title" component="h3" variant="subtitle2" sx={{ flex: 1 }}>
          Vista previa con datos de ejemplo
        </Typography>
        <MuiButton variant="outlined" size="small" startIcon={<VisibilityIcon />} onClick={show} disabled={isFetching}>
          {request ? 'Actualizar vista previa' : 'Ver vista previa'}
        </MuiButton>
      </Box>
      {error && (
        <Alert severity="error" role="alert">
          {error.message || 'Error al cargar la vista previa'}
        </Alert>
      )}
      {data && !error && <EmailPreviewView preview={data} />}
    </Box>
  );
}
