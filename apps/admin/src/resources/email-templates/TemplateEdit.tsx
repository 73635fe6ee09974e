import { Edit, useNotify, useRedirect } from 'react-admin';
import { useParams } from 'react-router';
import { TemplateForm } from './TemplateForm';

/** /admin/email-templates/{id}/edit: saved at once (no undo delay), then back to the list (docs/product.md §2). */
export default function TemplateEdit() {
  const { id } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      resource="email-templates"
      id={id}
      title="Plantillas"
      actions={false}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('Plantilla actualizada', { type: 'success' });
          redirect('list', 'email-templates');
        },
      }}
    >
      <TemplateForm creating={false} />
    </Edit>
  );
}
