import type { OfficeStage } from '@atelier/contract';

/** The office's settings (config.office): SLA targets, how long a claim lasts idle, its hours. */
export interface OfficeSettings {
  /** OFFICE_SLA_HOURS: business hours per queue. */
  slaHours: Readonly<Record<OfficeStage, number>>;
  /** OFFICE_CLAIM_IDLE_MINUTES */
  claimIdleMinutes: number;
  /** OFFICE_TIME_ZONE: where 9 to 5 is counted. */
  timeZone: string;
  /** OFFICE_SECOND_OPINION_CENTS: offers above this wait for a second opinion. */
  secondOpinionCents: number;
}
