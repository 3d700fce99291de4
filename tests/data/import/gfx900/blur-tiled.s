	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
	.protected	blur_tiled              ; -- Begin function blur_tiled
	.globl	blur_tiled
	.p2align	8
	.type	blur_tiled,@function
blur_tiled:                             ; @blur_tiled
; %bb.0:
	s_load_dwordx2 s[0:1], s[4:5], 0x8
	v_lshl_or_b32 v2, v1, 4, v0
	s_movk_i32 s2, 0x144
	s_lshl_b32 s10, s6, 4
	s_lshl_b32 s11, s7, 4
	v_cmp_gt_u32_e32 vcc, s2, v2
	s_and_saveexec_b64 s[2:3], vcc
	s_cbranch_execz .LBB0_3
; %bb.1:
	s_load_dwordx2 s[6:7], s[4:5], 0x0
	s_movk_i32 s12, 0x3ff
	s_add_i32 s13, s10, s12
	v_lshlrev_b32_e32 v3, 2, v2
	s_mov_b64 s[8:9], 0
	s_mov_b32 s16, 0xe38f
	s_mov_b32 s14, 0xffc00
	s_movk_i32 s15, 0x43
	v_mov_b32_e32 v4, v2
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	v_mul_u32_u24_sdwa v5, v4, s16 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:DWORD
	v_lshrrev_b32_e32 v5, 20, v5
	v_mul_lo_u16_e32 v6, 18, v5
	v_sub_u16_e32 v6, v4, v6
	v_add_u32_e32 v5, s11, v5
	v_add_u32_e32 v6, s13, v6
	v_lshl_add_u32 v5, v5, 10, s14
	v_and_b32_e32 v6, s12, v6
	v_and_or_b32 v5, v5, s14, v6
	v_lshlrev_b32_e32 v5, 2, v5
	s_waitcnt lgkmcnt(0)
	global_load_dword v5, v5, s[6:7]
	v_add_u32_e32 v6, 0x100, v4
	v_cmp_lt_u32_e32 vcc, s15, v4
	s_or_b64 s[8:9], vcc, s[8:9]
	v_mov_b32_e32 v4, v6
	s_waitcnt vmcnt(0)
	ds_write_b32 v3, v5
	v_add_u32_e32 v3, 0x400, v3
	s_andn2_b64 exec, exec, s[8:9]
	s_cbranch_execnz .LBB0_2
.LBB0_3:
	s_or_b64 exec, exec, s[2:3]
	v_lshlrev_b32_e32 v3, 1, v1
	s_load_dword s2, s[4:5], 0x10
	v_add_lshl_u32 v8, v2, v3, 2
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	ds_read_b96 v[2:4], v8
	ds_read_b96 v[5:7], v8 offset:72
	ds_read_b96 v[8:10], v8 offset:144
	v_add_lshl_u32 v1, s11, v1, 10
	v_add3_u32 v0, s10, v0, v1
	s_waitcnt lgkmcnt(2)
	v_fma_f32 v2, v2, s2, 0
	v_fma_f32 v2, v3, s2, v2
	v_fma_f32 v2, v4, s2, v2
	s_waitcnt lgkmcnt(1)
	v_fma_f32 v2, v5, s2, v2
	v_fma_f32 v2, v6, s2, v2
	v_mov_b32_e32 v1, 0
	v_fma_f32 v2, v7, s2, v2
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v2, v8, s2, v2
	v_fma_f32 v2, v9, s2, v2
	v_mov_b32_e32 v3, s1
	v_add_co_u32_e32 v0, vcc, s0, v0
	v_fma_f32 v2, v10, s2, v2
	v_addc_co_u32_e32 v1, vcc, v3, v1, vcc
	global_store_dword v[0:1], v2, off
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel blur_tiled
		.amdhsa_group_segment_fixed_size 1296
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 20
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 11
		.amdhsa_next_free_sgpr 17
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	blur_tiled, .Lfunc_end0-blur_tiled
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 448
; NumSgprs: 19
; NumVgprs: 11
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 1296 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 2
; NumSGPRsForWavesPerEU: 19
; NumVGPRsForWavesPerEU: 11
; Occupancy: 10
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack"
	.addrsig
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .access:         read_only
        .address_space:  global
        .is_const:       true
        .is_restrict:    true
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_restrict:    true
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .type_name:      float
        .value_kind:     by_value
    .group_segment_fixed_size: 1296
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           blur_tiled
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 16
      - 16
      - 1
    .sgpr_count:     19
    .sgpr_spill_count: 0
    .symbol:         blur_tiled.kd
    .vgpr_count:     11
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx900
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
