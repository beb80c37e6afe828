import { DASHBOARD_CHARTS, DASHBOARD_PERMISSION, dashboardChartSchema, dashboardCharts, dashboardHeadlineQuerySchema, dashboardHeadlineSchema, dashboardPeriodSchema, hasPermission } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthUser, assertPermission } from '../auth/session.ts';
import { headlineFigures, headlinePermissions } from './dashboard.headline.ts';
import { getDashboardChart } from './dashboard.service.ts';

const tags = ['dashboard'];

/**
 * One read-only JSON route per chart: `GET /jpanel/dashboard/{chart}.json?from=&to=`. The route
 * needs the chart's own data permission (config) and the dashboard permission (checked first),
 * so a user who may not see supporters gets 403 from the supporter charts, not their numbers.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Issue 41: the figures above the charts. Beside the spec's chart routes, not instead of any.
  app.get('/jpanel/dashboard/headline.json', {
    config: { permission: DASHBOARD_PERMISSION },
    schema: {
      summary: 'Dashboard headline figures',
      description: "Raised in the month and the year to `on` against the same days a year before, gifts, new donors, new monthly donors and monthly recurring giving. Each figure needs its chart's permission (null without it); days are the organisation's.",
      tags,
      querystring: dashboardHeadlineQuerySchema,
      response: { 200: dashboardHeadlineSchema },
    },
  }, async (request) => {
    const user = request.user as AuthUser;
    const holder = { is_account_admin: user.isAccountAdmin, permissions: user.permissions };
    return headlineFigures(app.ctx.read.db, request.query.on, {
      money: hasPermission(holder, headlinePermissions.money),
      supporters: hasPermission(holder, headlinePermissions.supporters),
      recurring: hasPermission(holder, headlinePermissions.recurring),
    });
  });

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
      return getDashboardChart(app.ctx.read.db, chart, request.query);
    });
  }
};
