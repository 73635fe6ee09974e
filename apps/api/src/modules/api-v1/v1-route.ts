import {
  applyDecorators,
  type Type,
  CallHandler,
  ExecutionContext,
  Get,
  Injectable,
  NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { PermissionName } from '@evreg/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { ApiErrorResponseDto } from '../../common/http/api-error.dto';
import { Auth } from '../auth/auth.decorators';
import type { Page } from './page';

/** Every v1 list answers `Link: <…>; rel="next"` beside its `next` cursor (RFC 8288), the same query with the
 * cursor replaced, as a path relative to this server. */
@Injectable()
export class NextLinkInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    return next.handle().pipe(
      map((page: Page<unknown>) => {
        if (page.next) reply.header('link', `<${nextLink(request.url, page.next)}>; rel="next"`);
        return page;
      }),
    );
  }
}

export function nextLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, 'http://localhost');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}

const LINK_HEADER = {
  Link: { description: 'La página siguiente: `<url>; rel="next"` (ausente en la última)', schema: { type: 'string' } },
};

interface RouteDoc {
  operationId: string;
  summary: string;
  permission: PermissionName | PermissionName[] | undefined;
  type: Type;
  notFound?: string;
}

/** A v1 list: GET, its permission, a page of `type`, the Link header, and the 400 of a bad limit, cursor or
 * filter. */
export function V1List(path: string, doc: RouteDoc) {
  return applyDecorators(
    Get(path),
    UseInterceptors(NextLinkInterceptor),
    Auth({ permission: doc.permission }),
    ApiOperation({ operationId: doc.operationId, summary: doc.summary }),
    ApiOkResponse({ type: doc.type, headers: LINK_HEADER }),
    ApiBadRequestResponse({
      type: ApiErrorResponseDto,
      description: 'limit, cursor, updatedSince o un filtro no válidos',
    }),
    ...(doc.notFound ? [ApiNotFoundResponse({ type: ApiErrorResponseDto, description: doc.notFound })] : []),
  );
}

/** A v1 read of one row by id. */
export function V1Get(path: string, doc: RouteDoc & { notFound: string }) {
  return applyDecorators(
    Get(path),
    Auth({ permission: doc.permission }),
    ApiOperation({ operationId: doc.operationId, summary: doc.summary }),
    ApiOkResponse({ type: doc.type }),
    ApiBadRequestResponse({ type: ApiErrorResponseDto, description: 'Identificador no válido' }),
    ApiNotFoundResponse({ type: ApiErrorResponseDto, description: doc.notFound }),
  );
}
