import { ApiProperty } from '@nestjs/swagger';
import { MESSAGES } from '@evreg/contracts';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'admin@example.com' })
  @IsString({ message: MESSAGES.login.emailInvalid })
  @IsNotEmpty({ message: MESSAGES.login.emailRequired })
  @MaxLength(254, { message: MESSAGES.login.emailInvalid })
  email: string;

  @ApiProperty({ example: 'una-contraseña' })
  @IsString({ message: MESSAGES.login.passwordRequired })
  @IsNotEmpty({ message: MESSAGES.login.passwordRequired })
  @MaxLength(256, { message: 'Contraseña demasiado larga' })
  password: string;
}
