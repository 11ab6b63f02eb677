// `npm run test:replica`: one primary and its streaming replica for the suite (replica-cluster.ts).
import type { TestProject } from 'vitest/node';
import { createReplicaCluster, destroyReplicaCluster, type ReplicaCluster } from './replica-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    replicaCluster: ReplicaCluster;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await createReplicaCluster();
  project.provide('replicaCluster', cluster);
  return () => destroyReplicaCluster(cluster);
}
