import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** A query-string integer as a number (anything else is left for the validators to refuse). */
export const queryInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;

export interface PageQueryOptions {
  /** The page size when none is asked for (docs/product.md §9: 20 for most lists, 50 for the SMS log). */
  defaultSize: number;
  maxSize: number;
  /** The Spanish refusals, naming the list's limits. */
  messages: { pageInvalid: string; pageSizeInvalid: string };
}

/** `?page&pageSize` of a paged list: a base class for the list's query DTO, which adds its own filters. */
export function PageQuery({ defaultSize, maxSize, messages }: PageQueryOptions) {
  class PageQueryDto {
    @ApiPropertyOptional({ type: 'integer', default: 1, minimum: 1 })
    @Transform(queryInt)
    @IsOptional()
    @IsInt({ message: messages.pageInvalid })
    @Min(1, { message: messages.pageInvalid })
    page?: number;

    @ApiPropertyOptional({ type: 'integer', default: defaultSize, minimum: 1, maximum: maxSize })
    @Transform(queryInt)
    @IsOptional()
    @IsInt({ message: messages.pageSizeInvalid })
    @Min(1, { message: messages.pageSizeInvalid })
    @Max(maxSize, { message: messages.pageSizeInvalid })
    pageSize?: number;
  }
  return PageQueryDto;
}
