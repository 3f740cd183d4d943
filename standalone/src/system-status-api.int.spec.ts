import {
  READ_MODEL_GROUP_MESSAGE,
  readModelGroupNames,
  readModelGroupsAnswerSchema,
  systemStatusAnswerSchema,
} from '@dispatch/domain';
import { liveConnection } from '@dispatch/test-kit';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithOrganization, PASSWORD, query, signIn } from './organization-fixtures.ts';
import { startTestApp, type TestApp, validTruck } from './test-support.ts';

/** The admin's health status and the Prometheus metrics, on an app with METRICS_TOKEN set. */

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123';

let app: TestApp;
let admin: string;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await startTestApp({ listen: true, env: { METRICS_TOKEN } });
  await app.infrastructure.auth.createUser({
    email: 'status-admin@example.com',
    password: PASSWORD,
    name: 'Stat Admin',
    emailVerified: true,
    role: 'super_admin',
  });
  admin = await signIn(app, 'status-admin@example.com');
  owner = await ownerWithOrganization(app, 'status-owner@example.com', 'Status Freight');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.stop();
});

const postTruck = () =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/trucks',
    headers: { cookie: owner.cookie, origin: app.url },
    payload: validTruck,
  });

const scrape = (authorization?: string) =>
  app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /api/v1/admin/status', () => {
  it('is for super_admins only', async () => {
    expect((await query(app, '', '/api/v1/admin/status')).statusCode).toBe(401);
    const refused = await query(app, owner.cookie, '/api/v1/admin/status');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('head');
  });

  it('says the head, the checkpoint and the lag, the read models, the last rebuild and the live connections', async () => {
    sockets.push(await liveConnection(app, owner.cookie), await liveConnection(app, owner.cookie));
    for (let i = 0; i < 3; i++) expect((await postTruck()).statusCode).toBe(201);
    const head = await app.infrastructure.eventStore.headPosition();
    await app.projector.waitFor(head, 5000);

    const answer = await query(app, admin, '/api/v1/admin/status');
    expect(answer.statusCode).toBe(200);
    const { data } = systemStatusAnswerSchema.parse(answer.json());
    expect(data.eventStore.head).toBe(head.toString());
    expect(Date.parse(data.eventStore.headAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(data.projector).toMatchObject({
      head: head.toString(),
      checkpoint: head.toString(),
      lagEvents: 0,
      lagEventsCapped: false,
      lagMs: 0,
      appliedAt: data.eventStore.headAt,
    });
    // Every event so far was applied within the last minute: the organization, the member, the trucks…
    expect(data.projector.eventsLastMinute).toBeGreaterThanOrEqual(6);
    expect(data.projector.eventsPerSecond).toBe(Math.round((data.projector.eventsLastMinute / 60) * 10) / 10);
    expect(data.readModels).toContainEqual({ collection: 'trucks_v5', name: 'trucks', version: 5 });
    expect(data.readModels.map((model) => model.collection)).not.toContain('projector_checkpoints');
    expect(data.rebuild.state).toBe('idle');
    expect(data.live.connections).toBe(2);
  });
});

describe('GET /metrics', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer not-the-token-not-the-token')).statusCode).toBe(401);
    expect((await scrape(`Basic ${METRICS_TOKEN}`)).statusCode).toBe(401);
    const answer = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.body).toContain('process_cpu_user_seconds_total');
    expect(answer.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts command latency by route and status class, appended events, pushes and the projector lag', async () => {
    const socket = await liveConnection(app, owner.cookie);
    sockets.push(socket);
    const heard = new Promise((resolve) => socket.on('change', resolve));
    const metric = (body: string, line: string) =>
      Number(
        body
          .split('\n')
          .find((candidate) => candidate.startsWith(`${line} `))
          ?.split(' ')[1] ?? 0,
      );
    const before = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;

    expect((await postTruck()).statusCode).toBe(201);
    const refused = await app.app.inject({
      method: 'PATCH',
      url: '/api/v1/trucks/999999',
      headers: { cookie: owner.cookie, origin: app.url },
      payload: { notes: 'nobody' },
    });
    expect(refused.statusCode).toBe(404);
    await heard;
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    const after = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;

    const posted =
      'dispatch_command_duration_seconds_count{method="POST",route="/api/v1/trucks",status_class="2xx"}';
    const missing =
      'dispatch_command_duration_seconds_count{method="PATCH",route="/api/v1/trucks/:id",status_class="4xx"}';
    expect(metric(after, posted) - metric(before, posted)).toBe(1);
    expect(metric(after, missing) - metric(before, missing)).toBe(1);
    expect(after).toContain(
      'dispatch_command_duration_seconds_bucket{le="10",method="POST",route="/api/v1/trucks",status_class="2xx"}',
    );
    const appended = 'dispatch_events_appended_total{type="TruckPosted"}';
    expect(metric(after, appended) - metric(before, appended)).toBe(1);
    // The truck's change went to the three connections of the organization open by now.
    const pushed = 'dispatch_push_messages_total{kind="trucks"}';
    expect(metric(after, pushed) - metric(before, pushed)).toBe(3);
    expect(metric(after, 'dispatch_projector_lag_events')).toBe(0);
    expect(metric(after, 'dispatch_live_connections')).toBe(3);
  });
});

describe('the read models by group', () => {
  const rebuild = (cookie: string, payload: unknown) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/admin/read-models/rebuild',
      headers: { cookie, origin: app.url },
      payload: payload as object,
    });

  it('lists each group with its read models, rows and lag, for super_admins only', async () => {
    expect((await query(app, owner.cookie, '/api/v1/admin/read-models/groups')).statusCode).toBe(403);
    for (let i = 0; i < 2; i++) expect((await postTruck()).statusCode).toBe(201);
    const head = await app.infrastructure.eventStore.headPosition();
    await app.projector.waitFor(head, 5000);
    const answer = await query(app, admin, '/api/v1/admin/read-models/groups');
    expect(answer.statusCode).toBe(200);
    const { data } = readModelGroupsAnswerSchema.parse(answer.json());
    expect(data.groups.map((group) => group.name).sort()).toEqual([...readModelGroupNames].sort());
    const boards = data.groups.find((group) => group.name === 'boards');
    expect(boards?.readModels).toContain('trucks_v5');
    const trucks = await app.infrastructure.documents.count('trucks_v5');
    expect(boards?.rows).toBeGreaterThanOrEqual(trucks);
    expect(boards).toMatchObject({ position: head.toString(), lagEvents: 0, lagEventsCapped: false });
  });

  it('rebuilds the groups named, refusing a name it does not know and writing nothing', async () => {
    const head = await app.infrastructure.eventStore.headPosition();
    const refused = await rebuild(admin, { groups: ['boards', 'lists'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['groups.1']).toEqual([READ_MODEL_GROUP_MESSAGE]);
    expect((await rebuild(admin, { groups: [] })).statusCode).toBe(400);
    expect(await app.infrastructure.eventStore.headPosition()).toBe(head);
    expect((await rebuild(owner.cookie, { groups: ['boards'] })).statusCode).toBe(403);

    expect((await rebuild(admin, { groups: ['boards'] })).statusCode).toBe(202);
    await expect
      .poll(async () => (await query(app, admin, '/api/v1/admin/read-models')).json().data, {
        timeout: 20_000,
      })
      .toMatchObject({ state: 'completed', groups: ['boards'] });
  });
});
