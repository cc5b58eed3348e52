import LockIcon from '@mui/icons-material/Lock';
import { Login as RaLogin, LoginClasses } from 'react-admin';

import { loginBackground } from '../themes/lightTheme';
import { OtpLoginForm } from './OtpLoginForm';

/** react-admin's centred sign-in card, holding the e-mail / one-time code form. */
export const Login = () => (
    <RaLogin
        avatarIcon={<LockIcon />}
        sx={{
            backgroundImage: loginBackground,
            [`& .${LoginClasses.card}`]: { width: 400, maxWidth: 'calc(100vw - 32px)' },
            [`& .${LoginClasses.icon}`]: { bgcolor: 'primary.main' },
        }}
    >
        <OtpLoginForm />
    </RaLogin>
);
