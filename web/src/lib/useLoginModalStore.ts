import { create } from 'zustand';

// Its own store because pages other than the navbar open the dialog (the register page has a
// login button, §2).
interface LoginModalState {
  open: boolean;
  openLoginModal: () => void;
  closeLoginModal: () => void;
}

export const useLoginModalStore = create<LoginModalState>()((set) => ({
  open: false,
  openLoginModal: () => set({ open: true }),
  closeLoginModal: () => set({ open: false }),
}));
