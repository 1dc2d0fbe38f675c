//go:build amd64 && !purego

#include "textflag.h"

// The byte vectors the stops are compared with.
DATA stops04<>+0(SB)/8, $0x0404040404040404
DATA stops04<>+8(SB)/8, $0x0404040404040404
GLOBL stops04<>(SB), RODATA|NOPTR, $16
DATA stops26<>+0(SB)/8, $0x2626262626262626
DATA stops26<>+8(SB)/8, $0x2626262626262626
GLOBL stops26<>(SB), RODATA|NOPTR, $16
DATA stops02<>+0(SB)/8, $0x0202020202020202
DATA stops02<>+8(SB)/8, $0x0202020202020202
GLOBL stops02<>(SB), RODATA|NOPTR, $16
DATA stops3e<>+0(SB)/8, $0x3e3e3e3e3e3e3e3e
DATA stops3e<>+8(SB)/8, $0x3e3e3e3e3e3e3e3e
GLOBL stops3e<>(SB), RODATA|NOPTR, $16
DATA stops5c<>+0(SB)/8, $0x5c5c5c5c5c5c5c5c
DATA stops5c<>+8(SB)/8, $0x5c5c5c5c5c5c5c5c
GLOBL stops5c<>(SB), RODATA|NOPTR, $16
DATA stopse2<>+0(SB)/8, $0xe2e2e2e2e2e2e2e2
DATA stopse2<>+8(SB)/8, $0xe2e2e2e2e2e2e2e2
GLOBL stopse2<>(SB), RODATA|NOPTR, $16
DATA stops1f<>+0(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA stops1f<>+8(SB)/8, $0x1f1f1f1f1f1f1f1f
GLOBL stops1f<>(SB), RODATA|NOPTR, $16

// STOPS16 sets the bits of reg to the stops of the 16 bytes at off(SI):
// (b|4) == '&' for " and &, (b|2) == '>' for < and >, b == '\\',
// b == 0xE2, and b saturating-minus 0x1F == 0 for the control bytes.
#define STOPS16(off, reg) \
	MOVOU off(SI), X0; \
	MOVOU X0, X1; \
	POR X8, X1; \
	PCMPEQB X9, X1; \
	MOVOU X0, X2; \
	POR X10, X2; \
	PCMPEQB X11, X2; \
	POR X2, X1; \
	MOVOU X0, X2; \
	PCMPEQB X12, X2; \
	POR X2, X1; \
	MOVOU X0, X2; \
	PCMPEQB X13, X2; \
	POR X2, X1; \
	PSUBUSB X14, X0; \
	PCMPEQB X7, X0; \
	POR X0, X1; \
	PMOVMSKB X1, reg

// func escapeStops64SSE2(p *[64]byte) uint64
TEXT ·escapeStops64SSE2(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVOU stops04<>(SB), X8
	MOVOU stops26<>(SB), X9
	MOVOU stops02<>(SB), X10
	MOVOU stops3e<>(SB), X11
	MOVOU stops5c<>(SB), X12
	MOVOU stopse2<>(SB), X13
	MOVOU stops1f<>(SB), X14
	PXOR X7, X7
	STOPS16(0, AX)
	STOPS16(16, BX)
	SHLQ $16, BX
	ORQ BX, AX
	STOPS16(32, BX)
	SHLQ $32, BX
	ORQ BX, AX
	STOPS16(48, BX)
	SHLQ $48, BX
	ORQ BX, AX
	MOVQ AX, ret+8(FP)
	RET

// STOPS32 is STOPS16 for the 32 bytes at off(SI), in Y registers.
#define STOPS32(off, reg) \
	VMOVDQU off(SI), Y0; \
	VPOR Y8, Y0, Y1; \
	VPCMPEQB Y9, Y1, Y1; \
	VPOR Y10, Y0, Y2; \
	VPCMPEQB Y11, Y2, Y2; \
	VPOR Y2, Y1, Y1; \
	VPCMPEQB Y12, Y0, Y2; \
	VPOR Y2, Y1, Y1; \
	VPCMPEQB Y13, Y0, Y2; \
	VPOR Y2, Y1, Y1; \
	VPSUBUSB Y14, Y0, Y2; \
	VPCMPEQB Y7, Y2, Y2; \
	VPOR Y2, Y1, Y1; \
	VPMOVMSKB Y1, reg

// func escapeStops64AVX2(p *[64]byte) uint64
TEXT ·escapeStops64AVX2(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	VBROADCASTI128 stops04<>(SB), Y8
	VBROADCASTI128 stops26<>(SB), Y9
	VBROADCASTI128 stops02<>(SB), Y10
	VBROADCASTI128 stops3e<>(SB), Y11
	VBROADCASTI128 stops5c<>(SB), Y12
	VBROADCASTI128 stopse2<>(SB), Y13
	VBROADCASTI128 stops1f<>(SB), Y14
	VPXOR Y7, Y7, Y7
	STOPS32(0, AX)
	STOPS32(32, BX)
	SHLQ $32, BX
	ORQ BX, AX
	VZEROUPPER
	MOVQ AX, ret+8(FP)
	RET
