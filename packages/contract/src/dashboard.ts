import { z } from 'zod';
import { endpoints } from './endpoint.ts';

/** GET /api/stylist/dashboard (§3 "Dashboard response"), amounts in dollars. */
export const DashboardSchema = z.object({
  /** total: commissions paid to the stylist (Amount Received); pending: not yet paid (Amount Pending). */
  commissions: z.tuple([z.object({ total: z.number(), pending: z.number() })]),
  pendingItems: z.tuple([
    z.object({
      /** Quotes to Review, across every client. */
      pendingReviewTotal: z.number().int(),
      /** Stuff to Ship, across every client. */
      pendingShipmentTotal: z.number().int(),
    }),
  ]),
  /** Open Tasks: quotes to review, items to ship and quotes that need more information. */
  taskCount: z.number().int(),
  /** How many clients the stylist has; the DASHBOARD message differs with none. */
  clientCount: z.number().int(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const dashboardApi = endpoints('dashboard', {
  getDashboard: {
    method: 'GET',
    path: '/api/stylist/dashboard',
    summary: 'Commission totals, quotes to review, stuff to ship, open tasks and client count',
    responses: { 200: DashboardSchema },
  },
});
