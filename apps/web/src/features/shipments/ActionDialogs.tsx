import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { AddStatusDialog } from "./AddStatusDialog";
import { useDeleteShipment, usePostVoucher } from "./api";
import { EditStatusDialog } from "./EditStatusDialog";
import type { RowAction } from "./RowActions";
import type { ShipmentRow } from "./schemas";

export interface PendingAction {
  action: RowAction;
  row: ShipmentRow;
}

interface ActionDialogsProps {
  pending: PendingAction | null;
  onDone: () => void;
}

/**
 * The dialogs behind the Shipment Details row menu. Post Voucher and Delete ask first, then show
 * the server's message in the Success or Error pop-up (a posted shipment's delete answers 409).
 */
export function ActionDialogs({ pending, onDone }: ActionDialogsProps) {
  const result = useResultDialog();
  const post = usePostVoucher();
  const remove = useDeleteShipment();
  const row = pending?.row;

  const confirmPost = () => {
    if (!row) return;
    post.mutate(row.shipment_id, {
      onSuccess: (answer) => result.show("Success", answer.message),
      onError: (error) => result.show("Error", errorMessage(error)),
      onSettled: onDone,
    });
  };

  const confirmDelete = () => {
    if (!row) return;
    remove.mutate(row.shipment_id, {
      onSuccess: (answer) => result.show("Success", answer.message),
      onError: (error) => result.show("Error", errorMessage(error)),
      onSettled: onDone,
    });
  };

  return (
    <>
      <ConfirmDialog
        open={pending?.action === "post"}
        title="Post Voucher"
        message={
          row
            ? `Post the charge of shipment ${row.tracking_id} to ${row.customer_name ?? "the customer"}'s account?`
            : ""
        }
        confirmLabel="Post"
        busy={post.isPending}
        onConfirm={confirmPost}
        onCancel={onDone}
      />
      <ConfirmDialog
        open={pending?.action === "delete"}
        title="Delete Shipment"
        message={row ? `Delete shipment ${row.tracking_id}? It leaves the lists, and the deletion is recorded.` : ""}
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={onDone}
      />
      {pending?.action === "addStatus" ? <AddStatusDialog shipment={pending.row} onClose={onDone} /> : null}
      {pending?.action === "editStatus" ? <EditStatusDialog shipment={pending.row} onClose={onDone} /> : null}
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
