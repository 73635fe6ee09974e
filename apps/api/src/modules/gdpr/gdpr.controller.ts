import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { Auth, CurrentPrincipal } from '../auth/auth.decorators';
import type { Principal } from '../auth/principal';
import { GdprConsentDto, GdprDeleteResultDto, GdprExportDto, GdprSearchQueryDto, GdprSummaryDto } from './dto/gdpr.dto';
import { GdprService } from './gdpr.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

const BAD_EMAIL = {
  type: ApiErrorResponseDto,
  description: "'Por favor indique un correo electrónico' (falta o no es válido)",
};

@ApiTags('GDPR')
@Controller('admin/gdpr')
export class GdprController {
  constructor(private readonly gdpr: GdprService) {}

  @Get('search')
  @Auth({ permission: 'GDPR.Delete' })
  @Endpoint({
    summary: 'Resumen de los datos de una persona por email (sin distinguir mayúsculas)',
    ok: GdprSummaryDto,
  })
  @ApiBadRequestResponse(BAD_EMAIL)
  search(@Query() query: GdprSearchQueryDto) {
    return this.gdpr.search(query.email);
  }

  @Get('export/:email')
  @Auth({ permission: 'GDPR.Delete' })
  @Endpoint({
    summary: 'Exportar en JSON todos los datos de la persona (queda registrado, sin el email)',
    ok: GdprExportDto,
  })
  @ApiParam({ name: 'email', example: 'ana@example.com' })
  @ApiBadRequestResponse(BAD_EMAIL)
  export(@Param('email') email: string, @CurrentPrincipal() actor: Principal) {
    return this.gdpr.export(email, actor);
  }

  @Delete('delete/:email')
  @Auth({ permission: 'GDPR.Delete' })
  @Endpoint({
    summary: 'Borrar los datos de la persona: inscripciones, lista de espera, consentimientos y registros de mensajes',
    description:
      'En una transacción: las plazas liberadas pasan a la lista de espera como en una cancelación. Las entradas activas de la lista negra se ' +
      'conservan hasta que expiran. Queda registrado sin el email (solo un HMAC).',
    ok: GdprDeleteResultDto,
  })
  @ApiParam({ name: 'email', example: 'ana@example.com' })
  @ApiBadRequestResponse(BAD_EMAIL)
  erase(@Param('email') email: string, @CurrentPrincipal() actor: Principal) {
    return this.gdpr.erase(email, actor);
  }

  @Get('consents/:email')
  @Auth({ permission: 'GDPR.Delete' })
  @Endpoint({ summary: 'Historial de consentimientos de la persona', ok: [GdprConsentDto] })
  @ApiParam({ name: 'email', example: 'ana@example.com' })
  @ApiBadRequestResponse(BAD_EMAIL)
  consents(@Param('email') email: string) {
    return this.gdpr.consents(email);
  }
}
