import { ApiSchema } from '@nestjs/swagger';
import { CreateSessionDto } from '../../events/dto/session.dto';

/** The body of upsertSession: the back office's session form, with its rules and Spanish messages. */
@ApiSchema({ name: 'SessionUpsert', description: 'Fechas y horas locales de la zona del evento, plazas e indicadores' })
export class SessionUpsertDto extends CreateSessionDto {}
