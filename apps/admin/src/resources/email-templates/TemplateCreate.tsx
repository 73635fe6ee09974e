import { Create, useNotify, useRedirect } from 'react-admin';
import { NEW_TEMPLATE } from './rules';
import { TemplateForm } from './TemplateForm';

/** /admin/email-templates/create: after saving, back to the list (docs/product.md §2). */
export default function TemplateCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource="email-templates"
      title="Plantillas"
      record={NEW_TEMPLATE}
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
