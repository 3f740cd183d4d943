import type { MemberView } from '@dispatch/domain';
import { toast } from 'sonner';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog';
import { useRemoveMember } from '../api/member-commands';

export function RemoveMemberDialog({
  member,
  organizationName,
  onClose,
}: {
  member: MemberView | null;
  organizationName: string;
  onClose: () => void;
}) {
  const removeMember = useRemoveMember();
  const confirm = () => {
    if (!member) return;
    removeMember.mutate(member.id, {
      onSuccess: () => {
        toast.success(`${member.user.name} was removed from ${organizationName}`);
        onClose();
      },
      onError: (error) => {
        toast.error(error.message);
        onClose();
      },
    });
  };

  return (
    <DialogFrame
      open={member !== null}
      onClose={onClose}
      title="Remove this member?"
      description={
        member ? (
          <>
            <span className="font-medium text-foreground">{member.user.name}</span> ({member.user.email})
            loses access to {organizationName} at once, including any page they have open.
          </>
        ) : null
      }
    >
      <DialogActions
        label="Remove"
        variant="destructive"
        pending={removeMember.isPending}
        onConfirm={confirm}
      />
    </DialogFrame>
  );
}
