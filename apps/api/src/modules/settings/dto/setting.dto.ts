import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { WaitingListSettings, Setting, UpdateSettingRequest } from '@evreg/contracts';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsString, MaxLength, Min, ValidateNested } from 'class-validator';

export class SettingDto implements Setting {
  @ApiProperty({ example: 'TicketHoldDurationMinutes' }) key: string;
  @ApiProperty({ example: '3' }) value: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

class SettingDataDto {
  @ApiProperty({ example: 'TicketHoldDurationMinutes' })
  @IsString({ message: 'data.key es requerido' })
  @IsNotEmpty({ message: 'data.key es requerido' })
  key: string;

  @ApiProperty({
    example: '5',
    description: 'Texto (un número se acepta y se guarda como texto); se valida según la clave',
  })
  @Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value))
  @IsDefined({ message: 'data.value es requerido' })
  @IsString({ message: 'data.value debe ser un texto' })
  @MaxLength(1000)
  value: string;
}

export class UpdateSettingDto implements UpdateSettingRequest {
  @ApiProperty({ type: SettingDataDto })
  @IsDefined({ message: 'data es requerido' })
  @ValidateNested()
  @Type(() => SettingDataDto)
  data: SettingDataDto;
}

/** Named in the OpenAPI document as before the code's rename (docs/architecture.md, "Words"). */
@ApiSchema({ name: 'QueueSettingsDto' })
export class WaitingListSettingsDto implements WaitingListSettings {
  @ApiProperty({ example: 10, minimum: 0 })
  @IsInt({ message: 'defaultMaxQueueSpots debe ser un número entero no negativo' })
  @Min(0, { message: 'defaultMaxQueueSpots debe ser un número entero no negativo' })
  defaultMaxQueueSpots: number;

  @ApiProperty({ example: 100, minimum: 0 })
  @IsInt({ message: 'globalMaxQueueSpots debe ser un número entero no negativo' })
  @Min(0, { message: 'globalMaxQueueSpots debe ser un número entero no negativo' })
  globalMaxQueueSpots: number;
}
