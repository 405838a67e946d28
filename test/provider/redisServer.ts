// The Redis starter lives in scripts/redis.ts (npm run provider:cluster starts one too); the suites import it from here.
export { type RunningRedis, redisServerPath, startRedis } from '../../scripts/redis';
