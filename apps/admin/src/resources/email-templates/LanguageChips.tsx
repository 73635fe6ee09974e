import type { EmailTemplate } from '@evreg/contracts';
import { Box, Chip, Tab, Tabs, Tooltip } from '@mui/material';
import { useGetList } from 'react-admin';
import { Link, useNavigate } from 'react-router';
import { typeLanguages } from './rules';

/** Every template, for the languages of a type (the API answers the whole list). */
export function useAllTemplates(): EmailTemplate[] {
  const { data = [] } = useGetList<EmailTemplate>('email-templates', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  return data;
}

/** Where a language's version of a type is written: its template's edit page, or a new one in that language. */
export const languageVersionPath = (type: number, language: string, templateId?: number | string) =>
  templateId === undefined
    ? `/email-templates/create?templateType=${type}&language=${language}`
    : `/email-templates/${templateId}/edit`;

/** ES CA EU GL EN of a template's type: filled where the language has an active template (people who booked in it
 * get it), outlined where it has only an inactive one, dashed where there is none (they get the Spanish one). Each
 * chip opens that version, or a new one. */
export function LanguageChips({ templates, type }: { templates: readonly EmailTemplate[]; type: number }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} role="group" aria-label="Idiomas">
      {typeLanguages(templates, type).map((l) => {
        const state = l.active ? 'activa' : l.template ? 'inactiva' : 'sin plantilla: se envía la española';
        return (
          <Tooltip key={l.language} title={`${l.name}: ${state}`}>
            <Chip
              size="small"
              label={l.chip}
              aria-label={`${l.name}: ${state}`}
              component={Link}
              to={languageVersionPath(type, l.language, l.template?.id)}
              clickable
              color={l.active ? 'primary' : 'default'}
              variant={l.active ? 'filled' : 'outlined'}
              sx={l.template ? undefined : { borderStyle: 'dashed', color: 'text.secondary' }}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}

/** The edit page's language tabs: the versions of this template's type, the current one selected; a language
 * without a version opens a new template in it. */
export function LanguageTabs({ template }: { template: EmailTemplate }) {
  const templates = useAllTemplates();
  const navigate = useNavigate();
  const languages = typeLanguages(templates, template.templateType);
  return (
    <Tabs
      value={template.language}
      onChange={(_e, language: string) => {
        const target = languages.find((l) => l.language === language);
        navigate(languageVersionPath(template.templateType, language, target?.template?.id));
      }}
      aria-label="Idioma de la plantilla"
      variant="scrollable"
      sx={{ mb: 1 }}
    >
      {languages.map((l) => (
        <Tab
          key={l.language}
          value={l.language}
          label={l.template ? l.name : `${l.name} (nueva)`}
          sx={l.template ? undefined : { fontStyle: 'italic' }}
        />
      ))}
    </Tabs>
  );
}
