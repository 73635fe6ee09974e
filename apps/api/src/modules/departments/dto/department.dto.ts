import { ApiProperty } from '@nestjs/swagger';
import { Department, DEPARTMENT_NAME_MAX, DEPARTMENT_NAME_MIN, MESSAGES } from '@evreg/contracts';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Length } from 'class-validator';

export class DepartmentDto implements Department {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'Cultura' }) name: string;
}

export class SaveDepartmentDto {
  @ApiProperty({ minLength: DEPARTMENT_NAME_MIN, maxLength: DEPARTMENT_NAME_MAX, example: 'Cultura' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: MESSAGES.department.nameRequired })
  @IsNotEmpty({ message: MESSAGES.department.nameRequired })
  @Length(DEPARTMENT_NAME_MIN, DEPARTMENT_NAME_MAX, { message: MESSAGES.department.nameLength })
  name: string;
}
