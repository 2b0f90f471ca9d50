import { z } from 'zod';
import { OFFICE_DECISIONS, OFFICE_DECISION_LABELS, type OfficeDecision } from './office-item.ts';
import { OFFICE_STAGE_LABELS, OfficeStageSchema, type OfficeStage } from './office.ts';

/* ---------- GET /api/office/reports (and its CSV): the office's work over a date range ---------- */

/** A report spans at most this many days, both ends counted (a leap year). */
export const OFFICE_REPORT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;

/** A calendar date, YYYY-MM-DD, checked to exist. */
const ReportDate = (name: string) =>
  z
    .string({ error: `${name} must be a date like 2026-03-31` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a date like 2026-03-31`, abort: true })
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    }, `${name} is no such date`);

/** Days from `from` to `to`, both counted (1 for a single day). */
export const reportDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * The report's range: calendar days in the office's time zone (OFFICE_TIME_ZONE), both ends
 * counted; `to` not before `from`, and at most OFFICE_REPORT_MAX_DAYS days.
 */
export const OfficeReportQuerySchema = z
  .strictObject({ from: ReportDate('from'), to: ReportDate('to') })
  .superRefine((range, context) => {
    if (range.from > range.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'to comes before from' });
    } else if (reportDays(range.from, range.to) > OFFICE_REPORT_MAX_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A report spans at most ${OFFICE_REPORT_MAX_DAYS} days`,
      });
    }
  });
export type OfficeReportQuery = z.input<typeof OfficeReportQuerySchema>;

/** Who may read the reports: the office's lead (operations, and admin), as the endpoint's access says. */
export const OFFICE_REPORT_ROLES = ['operations', 'admin'] as const;
export const canReadOfficeReports = (role: string) =>
  (OFFICE_REPORT_ROLES as readonly string[]).includes(role);

export const OfficeReportStageSchema = z.object({
  stage: OfficeStageSchema,
  /** The SLA target the queue uses, in business hours. */
  targetHours: z.number(),
  /** Items that left this queue within the range (a decision, an answer, a payout moved them on). */
  handled: z.number().int(),
  /** The median business hours those items had spent in the queue; null when none left it. */
  medianHours: z.number().nullable(),
  /** How many of them had waited at least the target (their SLA was breached). */
  breached: z.number().int(),
  /** breached / handled, 0 to 1; null when none left it. */
  breachedShare: z.number().nullable(),
});
export type OfficeReportStage = z.infer<typeof OfficeReportStageSchema>;

export const OfficeReportDaySchema = z.object({
  /** YYYY-MM-DD in the office's time zone. */
  date: z.string(),
  /** Items that left each queue that day. */
  handled: z.object(
    Object.fromEntries(
      OfficeStageSchema.options.map((stage) => [stage, z.number().int()]),
    ) as Record<OfficeStage, z.ZodNumber>,
  ),
});
export type OfficeReportDay = z.infer<typeof OfficeReportDaySchema>;

/** A staff member's decisions in the range, by kind (the life-cycle steps they took). */
export const OfficeReportStaffSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** Their role now (an office role, or what it became since). */
  role: z.string(),
  decisions: z.object(
    Object.fromEntries(OFFICE_DECISIONS.map((decision) => [decision, z.number().int()])) as Record<
      OfficeDecision,
      z.ZodNumber
    >,
  ),
  /** Second opinions given: decisions of others approved or sent back. */
  secondOpinions: z.number().int(),
  total: z.number().int(),
});
export type OfficeReportStaff = z.infer<typeof OfficeReportStaffSchema>;

export const OfficeReportDocumentSchema = z.object({
  data: z.object({
    /** One row per queue, in OFFICE_STAGES order. */
    stages: z.array(OfficeReportStageSchema),
    /** Every day of the range, oldest first. */
    days: z.array(OfficeReportDaySchema),
    /** The staff who decided anything in the range, most decisions first. */
    staff: z.array(OfficeReportStaffSchema),
  }),
  meta: z.object({
    from: z.string(),
    to: z.string(),
    /** The zone the days are counted in (OFFICE_TIME_ZONE). */
    timeZone: z.string(),
  }),
});
export type OfficeReportDocument = z.infer<typeof OfficeReportDocumentSchema>;

/** The download's name: `atelier-office-report-2026-11-01_2026-11-28.csv`. */
export const officeReportCsvFilename = (range: { from: string; to: string }) =>
  `atelier-office-report-${range.from}_${range.to}.csv`;

/** The CSV's columns, section by section (the first line is the stages' header). */
export const OFFICE_REPORT_CSV_STAGE_HEADER = [
  'Stage',
  'Target (business hours)',
  'Items handled',
  'Median time in stage (business hours)',
  'Breached',
  'Share breached',
] as const;
export const officeReportCsvDayHeader = () => [
  'Date',
  ...OfficeStageSchema.options.map((stage) => `${OFFICE_STAGE_LABELS[stage]} handled`),
];
export const officeReportCsvStaffHeader = () => [
  'Staff member',
  'Role',
  ...OFFICE_DECISIONS.map((decision) => OFFICE_DECISION_LABELS[decision]),
  'Second opinions',
  'Total',
];
