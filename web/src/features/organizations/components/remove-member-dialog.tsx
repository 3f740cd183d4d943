import type { MemberView } from '@dispatch/domain';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
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
    <Dialog open={member !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove this member?</DialogTitle>
          <DialogDescription>
            {member ? (
              <>
                <span className="font-medium text-foreground">{member.user.name}</span> ({member.user.email})
                loses access to {organizationName} at once, including any page they have open.
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={removeMember.isPending}>
            {removeMember.isPending ? <Spinner decorative className="text-destructive-foreground" /> : null}
            Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
