import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { HOLD_DURATION_MINUTES, MESSAGES, WaitingListSettings, SETTING_KEYS, Setting } from '@evreg/contracts';
import { In, Repository } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { WaitingListSettingsDto, UpdateSettingDto } from './dto/setting.dto';
import { SettingEntity } from './entities/setting.entity';
import { SETTING_RULES } from './setting-rules';

@Injectable()
export class SettingsService {
  constructor(@InjectRepository(SettingEntity) private readonly repo: Repository<SettingEntity>) {}

  async list(): Promise<Setting[]> {
    return (await this.repo.find({ order: { key: 'ASC' } })).map(toSetting);
  }

  async get(key: string): Promise<Setting> {
    const setting = SETTING_RULES[key] ? await this.repo.findOneBy({ key }) : null;
    if (!setting) throw AppError.notFound(MESSAGES.settings.notFound);
    return toSetting(setting);
  }

  async update(key: string, dto: UpdateSettingDto): Promise<Setting> {
    const rule = SETTING_RULES[key];
    if (!rule) throw AppError.notFound(MESSAGES.settings.notFound);
    if (dto.data.key !== key) throw AppError.field('data.key', MESSAGES.settings.keyMismatch);
    const problem = rule(dto.data.value);
    if (problem) throw AppError.field('data.value', problem);
    const value = dto.data.value.trim();
    if (key === SETTING_KEYS.defaultMaxQueueSpots || key === SETTING_KEYS.globalMaxQueueSpots) {
      const limits = {
        ...(await this.waitingListSettings()),
        [key === SETTING_KEYS.defaultMaxQueueSpots ? 'defaultMaxQueueSpots' : 'globalMaxQueueSpots']: Number(value),
      };
      await this.saveWaitingListSettings(limits, 'data.value');
      return this.get(key);
    }
    await this.repo.update({ key }, { value });
    return this.get(key);
  }

  async holdDurationMinutes(): Promise<number> {
    const setting = await this.repo.findOneBy({ key: SETTING_KEYS.ticketHoldDurationMinutes });
    const minutes = Number(setting?.value);
    return Number.isInteger(minutes) ? minutes : HOLD_DURATION_MINUTES.default;
  }

  async waitingListSettings(): Promise<WaitingListSettings> {
    const rows = await this.repo.findBy({
      key: In([SETTING_KEYS.defaultMaxQueueSpots, SETTING_KEYS.globalMaxQueueSpots]),
    });
    const value = (key: string) => Number(rows.find((row) => row.key === key)?.value ?? 0);
    return {
      defaultMaxQueueSpots: value(SETTING_KEYS.defaultMaxQueueSpots),
      globalMaxQueueSpots: value(SETTING_KEYS.globalMaxQueueSpots),
    };
  }

  /** `field` names the offending value in the caller's body: the limit itself, or data.value when one limit is
   * set through PUT /settings/{key}. */
  async saveWaitingListSettings(
    dto: WaitingListSettingsDto | WaitingListSettings,
    field = 'defaultMaxQueueSpots',
  ): Promise<WaitingListSettings> {
    if (dto.defaultMaxQueueSpots > dto.globalMaxQueueSpots) {
      throw AppError.field(field, MESSAGES.settings.defaultAboveGlobal);
    }
    await this.repo.manager.transaction(async (m) => {
      await m.update(
        SettingEntity,
        { key: SETTING_KEYS.defaultMaxQueueSpots },
        { value: String(dto.defaultMaxQueueSpots) },
      );
      await m.update(
        SettingEntity,
        { key: SETTING_KEYS.globalMaxQueueSpots },
        { value: String(dto.globalMaxQueueSpots) },
      );
    });
    return this.waitingListSettings();
  }
}

function toSetting(entity: SettingEntity): Setting {
  return {
    key: entity.key,
    value: entity.value,
    description: entity.description,
    updatedAt: entity.updatedAt.toISOString(),
  };
}
