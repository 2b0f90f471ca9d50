import {
  AccountDocumentSchema,
  ClientAnswerConflictSchema,
  ClientDocumentSchema,
  ClientPageMetaSchema,
  ClientResourceSchema,
  CommissionResourceSchema,
  CommissionStatusSchema,
  CuratedDocumentSchema,
  ErrorBodySchema,
  HubItemSchema,
  ItemTimelineSchema,
  NotificationListDocumentSchema,
  NotificationSchema,
  OfferApprovalDocumentSchema,
  OfficeReceiveConflictSchema,
  OutboxMessageSchema,
  PaginationSchema,
  PasswordAnswerSchema,
  QuoteDocumentSchema,
  QuoteResourceSchema,
  QuoteStatusSchema,
  ShipmentDocumentSchema,
  ShipmentResourceSchema,
  StylistResourceSchema,
  TimelineStepSchema,
  TutorialSchema,
  UserAccessAnswerSchema,
} from '@atelier/contract';
import { z } from 'zod';

/**
 * The contract's schemas the API document names (its `components.schemas`): each is one `$ref`
 * wherever a route's answer uses it. Named here rather than in the contract so the web's
 * bundles stay as they are. Parameters and query strings are never named: they are listed
 * field by field. Nor is a schema some route uses as nullable: OpenAPI 3.0 cannot say "this
 * `$ref`, or null".
 */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  ErrorResponse: ErrorBodySchema,
  ClientAnswerConflict: ClientAnswerConflictSchema,
  OfficeReceiveConflict: OfficeReceiveConflictSchema,
  Account: AccountDocumentSchema,
  Stylist: StylistResourceSchema,
  Pagination: PaginationSchema,
  Client: ClientResourceSchema,
  ClientDocument: ClientDocumentSchema,
  Quote: QuoteResourceSchema,
  QuoteDocument: QuoteDocumentSchema,
  QuoteStatus: QuoteStatusSchema,
  Commission: CommissionResourceSchema,
  CommissionStatus: CommissionStatusSchema,
  Shipment: ShipmentResourceSchema,
  ShipmentDocument: ShipmentDocumentSchema,
  ClientPageMeta: ClientPageMetaSchema,
  CuratedDocument: CuratedDocumentSchema,
  OfferApprovalDocument: OfferApprovalDocumentSchema,
  HubItem: HubItemSchema,
  ItemTimeline: ItemTimelineSchema,
  TimelineStep: TimelineStepSchema,
  Notification: NotificationSchema,
  NotificationList: NotificationListDocumentSchema,
  Tutorial: TutorialSchema,
  OutboxMessage: OutboxMessageSchema,
  PasswordAnswer: PasswordAnswerSchema,
  UserAccessAnswer: UserAccessAnswerSchema,
};

/** Gives each named schema its id in zod's registry (what the type provider makes `$ref`s of). */
export function nameSharedSchemas() {
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}
