import { type CreateOrganizationInput, createOrganizationSchema } from '@dispatch/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { type CreatedOrganization, useCreateOrganization } from '../api/create-organization';

interface CreateOrganizationFields {
  name: string;
}

export function CreateOrganizationForm({
  onCreated,
}: {
  onCreated: (organization: CreatedOrganization) => void;
}) {
  const createOrganization = useCreateOrganization();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateOrganizationFields, unknown, CreateOrganizationInput>({
    resolver: zodResolver(createOrganizationSchema) as unknown as Resolver<
      CreateOrganizationFields,
      unknown,
      CreateOrganizationInput
    >,
    defaultValues: { name: '' },
  });

  const submit = async (values: CreateOrganizationInput) => {
    try {
      const organization = await createOrganization.mutateAsync({ name: values.name });
      toast.success(`${organization.name} is ready`);
      onCreated(organization);
    } catch (error) {
      const message = isApiError(error)
        ? (error.fieldErrors.name?.[0] ?? error.message)
        : 'Something went wrong';
      if (isApiError(error) && error.status === 400) setError('name', { type: 'server', message });
      else toast.error(message);
    }
  };

  const error = errors.name?.message;
  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-4">
      <InputField
        id="organization-name"
        label="Organization name"
        error={error}
        autoComplete="organization"
        autoFocus
        placeholder="Acme Freight"
        {...register('name')}
      />
      <BusyButton type="submit" size="lg" className="w-full" pending={isSubmitting}>
        Create organization
      </BusyButton>
    </form>
  );
}
