import type { FastifyBaseLogger } from 'fastify';

/** A logger that says nothing, for workers a test starts outside an app. */
export const silentLog = { warn() {}, error() {}, info() {}, debug() {}, fatal() {}, trace() {}, child() { return this; }, level: 'silent', silent() {} } as unknown as FastifyBaseLogger;
