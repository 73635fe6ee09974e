import { Create, useNotify, useRedirect } from 'react-admin';
import { useSearchParams } from 'react-router';
import { isVisitorLanguage } from '@evreg/contracts';
import { NEW_TEMPLATE, isTemplateType } from './rules';
import { TemplateForm } from './TemplateForm';

/** A new template, its type and language taken from the address when a language chip or tab led here
 * (`?templateType=0&language=ca`). */
function newTemplateFrom(params: URLSearchParams) {
  const type = Number(params.get('templateType') ?? NaN);
  const language = params.get('language');
  return {
    ...NEW_TEMPLATE,
    ...(isTemplateType(type) && { templateType: type }),
    ...(isVisitorLanguage(language) && { language }),
  };
}

/** /admin/email-templates/create: after saving, back to the list (docs/product.md §2). */
export default function TemplateCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const [params] = useSearchParams();
  return (
    <Create
      resource="email-templates"
      title="Plantillas"
      record={newTemplateFrom(params)}
      mutationOptions={{
        onSuccess: () => {
          notify('Plantilla creada', { type: 'success' });
          redirect('list', 'email-templates');
        },
      }}
    >
      <TemplateForm creating />
    </Create>
  );
}
