import { useState } from 'react';
import { DEPARTMENT_NAME_MAX, DEPARTMENT_NAME_MIN, MESSAGES } from '@evreg/contracts';
import AddIcon from '@mui/icons-material/Add';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Form, HttpError, SaveButton, TextInput, useCreate, useNotify } from 'react-admin';
import { lengthBetweenWith, requiredWith } from '../../common/validators';
import { errorText } from '../../common/notifyError';

const validateName = [
  requiredWith(MESSAGES.department.nameRequired),
  lengthBetweenWith(DEPARTMENT_NAME_MIN, DEPARTMENT_NAME_MAX, MESSAGES.department.nameLength),
];

/** The create form above the list: a name of 2 to 100 characters after trimming (docs/product.md §5). */
export function DepartmentCreate() {
  const [create] = useCreate();
  const notify = useNotify();
  // A new key empties the form after each creation.
  const [round, setRound] = useState(0);

  async function save(values: Record<string, any>) {
    try {
      const created = await create('departments', { data: values }, { returnPromise: true });
      notify(`Departamento «${created.name}» creado`, { type: 'success' });
      setRound((n) => n + 1);
    } catch (error) {
      const fieldErrors = error instanceof HttpError ? error.body?.errors : undefined;
      if (fieldErrors) return fieldErrors;
      notify(errorText(error), { type: 'error' });
    }
  }

  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Nuevo departamento
        </Typography>
        <Form key={round} record={{ name: '' }} onSubmit={save} noValidate>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextInput
              source="name"
              label="Nombre del departamento"
              validate={validateName}
              sx={{ flex: '1 1 280px', m: 0 }}
            />
            <SaveButton label="Crear" icon={<AddIcon />} alwaysEnable sx={{ mt: 1 }} />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
