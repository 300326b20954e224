import BusinessCenterOutlined from '@mui/icons-material/BusinessCenterOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/** The spec's role icons: 9 astronaut (a rocket), 5 tie (a briefcase), 1 check, any other level a group. */
export function RoleIcon({ roleLevel, ...props }: { roleLevel: number } & SvgIconProps) {
  if (roleLevel === 9) return <RocketLaunchOutlined {...props} />;
  if (roleLevel === 5) return <BusinessCenterOutlined {...props} />;
  if (roleLevel === 1) return <CheckCircleOutlined {...props} />;
  return <GroupOutlined {...props} />;
}
