import { DASHBOARD_CHARTS, DASHBOARD_PERMISSION, dashboardChartSchema, dashboardCharts, dashboardPeriodSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthUser, assertPermission } from '../auth/session.ts';
import { getDashboardChart } from './dashboard.service.ts';

const tags = ['dashboard'];

/**
 * One read-only JSON route per chart: `GET /jpanel/dashboard/{chart}.json?from=&to=`. The route
 * needs the chart's own data permission (config) and the dashboard permission (checked first),
 * so a user who may not see supporters gets 403 from the supporter charts, not their numbers.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const chart of DASHBOARD_CHARTS) {
    const info = dashboardCharts[chart];
    app.get(`/jpanel/dashboard/${chart}.json`, {
      config: { permission: info.permission },
      schema: {
        summary: `Dashboard chart: ${info.title}`,
        description: `${info.description} Dates are days in the organisation's time zone, both included.`,
        tags,
        querystring: dashboardPeriodSchema,
        response: { 200: dashboardChartSchema },
      },
    }, async (request) => {
      assertPermission(request.user as AuthUser, DASHBOARD_PERMISSION);
      return getDashboardChart(app.ctx.db, chart, request.query);
    });
  }
};
