import { ApiProperty } from '@nestjs/swagger';
import { MESSAGES } from '@evreg/contracts';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** Length and match are checked in the service so each message is the spec's. */
export class ChangePasswordDto {
  @ApiProperty()
  @IsString({ message: MESSAGES.password.currentRequired })
  @IsNotEmpty({ message: MESSAGES.password.currentRequired })
  @MaxLength(256)
  currentPassword: string;

  @ApiProperty({ minLength: 6 })
  @IsString({ message: MESSAGES.password.newRequired })
  @IsNotEmpty({ message: MESSAGES.password.newRequired })
  @MaxLength(256)
  newPassword: string;

  @ApiProperty()
  @IsString({ message: MESSAGES.password.confirmRequired })
  @IsNotEmpty({ message: MESSAGES.password.confirmRequired })
  @MaxLength(256)
  confirmPassword: string;
}
