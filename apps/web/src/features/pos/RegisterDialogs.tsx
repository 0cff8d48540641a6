import type {
  OrderTotals,
  PosBootstrap,
  PosDeal,
  PosOrder,
  PosProduct,
  PosVariant,
  SupervisorAction,
  SupervisorApproval,
  TenderInput,
} from "@cargodesk/shared";
import { CashMoveDialog } from "./CashMoveDialog";
import { CouponDialog } from "./CouponDialog";
import { CustomerDialog } from "./CustomerDialog";
import { DiscountDialog } from "./DiscountDialog";
import type { Draft, DraftAction, DraftDiscount } from "./draft";
import { HeldOrdersDialog } from "./HeldOrdersDialog";
import { DealDialog, VariantDialog } from "./ItemDialogs";
import { NoteDialog, VoidLineDialog } from "./LineDialogs";
import { OfflineReceiptDialog } from "./offline/OfflineReceiptDialog";
import type { OfflineReceipt } from "./offline/store";
import { PayDialog } from "./PayDialog";
import { ReceiptDialog } from "./ReceiptDialog";
import { SupervisorDialog } from "./SupervisorDialog";
import type { Tender } from "./tenders";

/** The one dialog the register shows at a time. */
export type RegisterDialog =
  | { kind: "variant"; product: PosProduct }
  | { kind: "deal"; deal: PosDeal }
  | { kind: "customer" }
  | { kind: "discount"; lineUuid: string | null }
  | { kind: "supervisor"; action: SupervisorAction; reason: string; then: (approval: SupervisorApproval) => void }
  | { kind: "note"; lineUuid: string }
  | { kind: "void"; lineUuid: string }
  | { kind: "coupon" }
  | { kind: "pay" }
  | { kind: "receipt"; order: PosOrder; receiptKind: "receipt" | "bill" | "reprint"; autoPrint: boolean }
  /** A sale made offline: its receipt is printed by the browser, the order waits in the outbox. */
  | { kind: "offlineReceipt"; receipt: OfflineReceipt; autoPrint: boolean }
  | { kind: "cash" }
  | { kind: "held" };

interface RegisterDialogsProps {
  dialog: RegisterDialog | null;
  close: () => void;
  bootstrap: PosBootstrap;
  draft: Draft;
  dispatch: (action: DraftAction) => void;
  counterId: number;
  busy: boolean;
  payError: string | null;
  price: (tenders: readonly TenderInput[]) => OrderTotals;
  onVariant: (product: PosProduct, variant: PosVariant) => void;
  onDeal: (deal: PosDeal, picks: number[]) => void;
  onDiscount: (lineUuid: string | null, discount: DraftDiscount | null) => void;
  onVoidFired: (lineUuid: string, reasonId: number, needsSupervisor: boolean, name: string) => void;
  onPay: (tenders: Tender[]) => void;
  /** A held order picked up again. */
  onReplace: (order: PosOrder) => void;
  setNotice: (message: string) => void;
}

export function RegisterDialogs(props: RegisterDialogsProps) {
  const { dialog, close, bootstrap, draft, dispatch } = props;
  if (!dialog) return null;
  const lineOf = (lineUuid: string) => draft.lines.find((line) => line.lineUuid === lineUuid);
  switch (dialog.kind) {
    case "variant":
      return (
        <VariantDialog
          product={dialog.product}
          onPick={(variant) => props.onVariant(dialog.product, variant)}
          onClose={close}
        />
      );
    case "deal":
      return (
        <DealDialog
          bootstrap={bootstrap}
          deal={dialog.deal}
          onAdd={(picks) => props.onDeal(dialog.deal, picks)}
          onClose={close}
        />
      );
    case "customer":
      return (
        <CustomerDialog
          onPick={(customer) => {
            dispatch({ type: "customer", customer });
            close();
          }}
          onClose={close}
        />
      );
    case "discount": {
      const line = dialog.lineUuid === null ? undefined : lineOf(dialog.lineUuid);
      return (
        <DiscountDialog
          lineName={line ? line.name : null}
          current={line ? line.discount : draft.orderDiscount}
          maxPercent={bootstrap.outlet.supervisorRules.maxDiscountBpWithoutApproval / 100}
          onApply={(discount) => props.onDiscount(line?.lineUuid ?? null, discount)}
          onClose={close}
        />
      );
    }
    case "supervisor":
      return (
        <SupervisorDialog action={dialog.action} reason={dialog.reason} onApproved={dialog.then} onClose={close} />
      );
    case "note": {
      const line = lineOf(dialog.lineUuid);
      if (!line) return null;
      return (
        <NoteDialog
          lineName={line.name}
          note={line.note}
          onSave={(note) => {
            dispatch({ type: "note", lineUuid: line.lineUuid, note });
            close();
          }}
          onClose={close}
        />
      );
    }
    case "void": {
      const line = lineOf(dialog.lineUuid);
      if (!line) return null;
      return (
        <VoidLineDialog
          lineName={line.name}
          onVoid={(reason) => props.onVoidFired(line.lineUuid, reason.id, reason.needsSupervisor, line.name)}
          onClose={close}
        />
      );
    }
    case "coupon":
      return (
        <CouponDialog
          draft={draft}
          onApply={(coupon) => {
            dispatch({ type: "coupon", coupon });
            close();
          }}
          onClose={close}
        />
      );
    case "pay":
      return (
        <PayDialog
          methods={bootstrap.paymentMethods}
          price={props.price}
          busy={props.busy}
          error={props.payError}
          onComplete={props.onPay}
          onClose={close}
        />
      );
    case "receipt":
      return (
        <ReceiptDialog order={dialog.order} kind={dialog.receiptKind} autoPrint={dialog.autoPrint} onClose={close} />
      );
    case "offlineReceipt":
      return <OfflineReceiptDialog receipt={dialog.receipt} autoPrint={dialog.autoPrint} onClose={close} />;
    case "cash":
      return (
        <CashMoveDialog
          counterId={props.counterId}
          onDone={(message) => {
            props.setNotice(message);
            close();
          }}
          onClose={close}
        />
      );
    case "held":
      return <HeldOrdersDialog counterId={props.counterId} onPick={props.onReplace} onClose={close} />;
  }
}
