import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CHECKIN_MESSAGES } from '@evreg/contracts';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../common/http/app-error';
import { Public } from '../auth/auth.decorators';
import { ticketQrPng } from '../email/email-composer';
import { CheckInService } from './checkin.service';
import { Endpoint } from '../../common/http/endpoint.decorator';

/** The ticket's QR as an image for the booking page (its success view and the cancellation link's 'Tu entrada'), so
 * the page needs no QR library: the code is the credential, the image holds nothing but the code, and only the
 * current code of an active registration gets one (404 otherwise). Private cache: the browser may keep it, a shared
 * cache never. */
@ApiTags('Reservas (público)')
@Controller('tickets')
export class TicketsController {
  constructor(private readonly checkIns: CheckInService) {}

  @Get(':code/qr.png')
  @Public()
  @Endpoint({
    summary: 'El código QR de una entrada (PNG)',
    errors: { 404: 'No es el código vigente de una inscripción confirmada (desconocido, cancelada, en espera)' },
  })
  @ApiParam({ name: 'code', description: 'El código de la entrada (<id>-<26 caracteres>)' })
  @ApiProduces('image/png')
  @ApiOkResponse({
    description: 'PNG con el código QR del código de la entrada (y nada más)',
    content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
  })
  async qr(@Param('code') code: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const current = code.length <= 64 ? await this.checkIns.activeCode(code) : null;
    if (!current) throw AppError.notFound(CHECKIN_MESSAGES.ticketNotFound);
    reply.header('content-type', 'image/png');
    reply.header('cache-control', 'private, max-age=300');
    return ticketQrPng(current);
  }
}
