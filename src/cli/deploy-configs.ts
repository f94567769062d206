import { type HaproxyOptions, haproxyConfig } from "./haproxy-config";

/** Replicas in deploy/compose.yaml and deploy/k8s: three, like the scale test. */
export const DEPLOY_REPLICAS = 3;

/** deploy/haproxy.cfg: compose services replica-1…3 (replica ids r1…r3) on port 8000. */
export const COMPOSE_HAPROXY: HaproxyOptions = {
  bind: ":8000",
  dns: true,
  replicas: Array.from({ length: DEPLOY_REPLICAS }, (_, i) => ({
    id: `r${i + 1}`,
    address: `replica-${i + 1}:8000`,
  })),
};

/**
 * deploy/k8s/haproxy-configmap.yaml's haproxy.cfg: StatefulSet pods bazaar-0…2, whose pod name
 * is their replica id, reached through the headless service `bazaar`.
 */
export const K8S_HAPROXY: HaproxyOptions = {
  bind: ":8000",
  dns: true,
  replicas: Array.from({ length: DEPLOY_REPLICAS }, (_, i) => ({
    id: `bazaar-${i}`,
    address: `bazaar-${i}.bazaar:8000`,
  })),
};

export const composeHaproxyCfg = (): string => haproxyConfig(COMPOSE_HAPROXY);
export const k8sHaproxyCfg = (): string => haproxyConfig(K8S_HAPROXY);
