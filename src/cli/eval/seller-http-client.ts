import {
  type SellerEvalSession,
  type SellerEvalSessionFactory,
  sellerEvalStep,
} from "../../../eval/seller-role/seller-eval-env";
import { SellerResetResponse, SellerStepResponse } from "../../wire/seller-role";
import { type HttpSessionOptions, httpCaller } from "./http-env-client";

/**
 * The seller eval's environment over HTTP (`bazaar eval --role seller --server <url>`): POST
 * /reset with `"role": "seller"`, POST /step with the seller's action (and a request_id, so a
 * retried step is idempotent), POST /close. Replies are validated with the server's own zod
 * schemas. The same retries and replica spreading as the buyer eval's client.
 */
export function httpSellerSessions(o: HttpSessionOptions): SellerEvalSessionFactory {
  const { call: callFrom, nextHome } = httpCaller(o);
  return (): SellerEvalSession => {
    const home = nextHome();
    const call = (method: "GET" | "POST", path: string, body?: unknown) => callFrom(home, method, path, body);
    let sessionId: string | null = null;
    let stepNo = 0;
    const sid = (): string => {
      if (sessionId === null) throw new Error("step before reset");
      return sessionId;
    };
    return {
      reset: async (req) => {
        // No episode_id: a name is taken once stored, so a rerun against the same server would
        // be refused; the server's own ids are recorded instead.
        const r = SellerResetResponse.parse(
          await call("POST", "/reset", {
            role: "seller",
            task: req.task,
            seed: req.seed,
            options: { tells: req.tells },
            ...(req.buyer !== undefined ? { buyer: req.buyer } : {}),
          }),
        );
        sessionId = r.session_id;
        stepNo = 0;
        return {
          observation: r.observation,
          buyer: r.info.buyer,
          personaSeller: r.info.persona_seller,
          task: r.info.task,
          engineVersion: r.info.engine_version,
          sellerRoleVersion: r.info.seller_role_version,
          buyerFallback: r.info.buyer_fallback,
          done: r.done,
          record: r.info.seller_result ?? null,
        };
      },
      step: async (action) => {
        stepNo += 1;
        const r = SellerStepResponse.parse(
          await call("POST", "/step", { session_id: sid(), action, request_id: `${sid()}:${stepNo}` }),
        );
        return sellerEvalStep(r);
      },
      close: async () => {
        if (sessionId === null) return;
        const id = sessionId;
        sessionId = null;
        await call("POST", "/close", { session_id: id }).catch(() => undefined);
      },
    };
  };
}
