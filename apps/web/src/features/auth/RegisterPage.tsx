import { useNavigate } from "react-router";
import { PublicFrame } from "../../components/PublicFrame";
import { useDocumentTitle } from "../../lib/document-title";
import { RegistrationForm } from "../users/RegistrationForm";
import { signInState } from "./navigation";

/** Public registration at /cargo-register: a pending customer account, then back to sign in. */
export default function RegisterPage() {
  useDocumentTitle("Register");
  const navigate = useNavigate();
  return (
    <PublicFrame
      title="Register"
      subtitle="Open a customer account for your business. You can sign in once an administrator approves it."
      width={980}
    >
      <RegistrationForm
        variant="public"
        onRegistered={(message) =>
          navigate("/cargo-login", { replace: true, state: signInState({ title: "Success", message }) })
        }
      />
    </PublicFrame>
  );
}
