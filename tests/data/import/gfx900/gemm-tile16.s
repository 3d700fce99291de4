	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx900"
	.protected	gemm_tile16             ; -- Begin function gemm_tile16
	.globl	gemm_tile16
	.p2align	8
	.type	gemm_tile16,@function
gemm_tile16:                            ; @gemm_tile16
; %bb.0:
	s_load_dwordx2 s[2:3], s[4:5], 0x0
	s_load_dwordx2 s[8:9], s[4:5], 0x8
	s_load_dwordx2 s[0:1], s[4:5], 0x10
	v_lshlrev_b32_e32 v2, 2, v0
	v_lshlrev_b32_e32 v6, 6, v1
	v_lshl_or_b32 v3, s7, 4, v1
	s_lshl_b32 s4, s6, 4
	v_or_b32_e32 v7, v6, v2
	s_movk_i32 s5, 0x400
	v_or_b32_e32 v4, s4, v0
	v_lshlrev_b32_e32 v5, 8, v3
	v_or_b32_e32 v8, s5, v7
	v_or_b32_e32 v9, s5, v2
	v_lshl_add_u32 v10, v1, 10, s4
	s_mov_b32 s4, 16
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v11, 0
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
	v_add_u32_e32 v1, v0, v5
	v_lshlrev_b64 v[12:13], 2, v[1:2]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v19, s3
	v_add_co_u32_e32 v12, vcc, s2, v12
	v_addc_co_u32_e32 v13, vcc, v19, v13, vcc
	global_load_dword v12, v[12:13], off
	v_add_u32_e32 v16, v0, v10
	v_mov_b32_e32 v17, v2
	v_mov_b32_e32 v20, s9
	v_add_u32_e32 v1, 16, v1
	s_add_i32 s4, s4, -2
	v_add_u32_e32 v5, 32, v5
	v_add_u32_e32 v10, 0x8000, v10
	s_cmp_eq_u32 s4, 0
	s_waitcnt vmcnt(0)
	ds_write_b32 v7, v12
	v_lshlrev_b64 v[12:13], 2, v[16:17]
	v_add_co_u32_e32 v12, vcc, s8, v12
	v_addc_co_u32_e32 v13, vcc, v20, v13, vcc
	global_load_dword v12, v[12:13], off
	s_waitcnt vmcnt(0)
	ds_write_b32 v8, v12
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	ds_read2_b64 v[12:15], v6 offset1:1
	ds_read2_b32 v[17:18], v9 offset1:16
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v11, v12, v17, v11
	v_fma_f32 v13, v13, v18, v11
	ds_read2_b32 v[11:12], v9 offset0:32 offset1:48
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v11, v14, v11, v13
	v_fma_f32 v15, v15, v12, v11
	ds_read2_b64 v[11:14], v6 offset0:2 offset1:3
	ds_read2_b32 v[17:18], v9 offset0:64 offset1:80
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v11, v11, v17, v15
	v_fma_f32 v15, v12, v18, v11
	ds_read2_b32 v[11:12], v9 offset0:96 offset1:112
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v11, v13, v11, v15
	v_fma_f32 v15, v14, v12, v11
	ds_read2_b64 v[11:14], v6 offset0:4 offset1:5
	ds_read2_b32 v[17:18], v9 offset0:128 offset1:144
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v11, v11, v17, v15
	v_fma_f32 v15, v12, v18, v11
	ds_read2_b32 v[11:12], v9 offset0:160 offset1:176
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v11, v13, v11, v15
	v_fma_f32 v15, v14, v12, v11
	ds_read2_b64 v[11:14], v6 offset0:6 offset1:7
	ds_read2_b32 v[17:18], v9 offset0:192 offset1:208
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v11, v11, v17, v15
	v_fma_f32 v15, v12, v18, v11
	ds_read2_b32 v[11:12], v9 offset0:224 offset1:240
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v11, v13, v11, v15
	v_fma_f32 v17, v14, v12, v11
	v_lshlrev_b64 v[11:12], 2, v[1:2]
	v_add_co_u32_e32 v11, vcc, s2, v11
	v_addc_co_u32_e32 v12, vcc, v19, v12, vcc
	global_load_dword v1, v[11:12], off
	s_waitcnt vmcnt(0)
	ds_write_b32 v7, v1
	v_add_u32_e32 v1, 0x4000, v16
	v_lshlrev_b64 v[11:12], 2, v[1:2]
	v_add_co_u32_e32 v11, vcc, s8, v11
	v_addc_co_u32_e32 v12, vcc, v20, v12, vcc
	global_load_dword v1, v[11:12], off
	s_waitcnt vmcnt(0)
	ds_write_b32 v8, v1
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	ds_read2_b64 v[11:14], v6 offset1:1
	ds_read2_b32 v[15:16], v9 offset1:16
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v1, v11, v15, v17
	v_fma_f32 v1, v12, v16, v1
	ds_read2_b32 v[11:12], v9 offset0:32 offset1:48
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v1, v13, v11, v1
	v_fma_f32 v1, v14, v12, v1
	ds_read2_b64 v[11:14], v6 offset0:2 offset1:3
	ds_read2_b32 v[15:16], v9 offset0:64 offset1:80
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v1, v11, v15, v1
	v_fma_f32 v1, v12, v16, v1
	ds_read2_b32 v[11:12], v9 offset0:96 offset1:112
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v1, v13, v11, v1
	v_fma_f32 v1, v14, v12, v1
	ds_read2_b64 v[11:14], v6 offset0:4 offset1:5
	ds_read2_b32 v[15:16], v9 offset0:128 offset1:144
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v1, v11, v15, v1
	v_fma_f32 v1, v12, v16, v1
	ds_read2_b32 v[11:12], v9 offset0:160 offset1:176
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v1, v13, v11, v1
	v_fma_f32 v1, v14, v12, v1
	ds_read2_b64 v[11:14], v6 offset0:6 offset1:7
	ds_read2_b32 v[15:16], v9 offset0:192 offset1:208
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v1, v11, v15, v1
	v_fma_f32 v1, v12, v16, v1
	ds_read2_b32 v[11:12], v9 offset0:224 offset1:240
	s_waitcnt lgkmcnt(0)
	s_barrier 
	s_waitcnt lgkmcnt(0)
	v_fma_f32 v1, v13, v11, v1
	v_fma_f32 v11, v14, v12, v1
	s_cbranch_scc0 .LBB0_1
; %bb.2:
	v_lshl_add_u32 v0, v3, 10, v4
	v_mov_b32_e32 v1, 0
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_mov_b32_e32 v2, s1
	v_add_co_u32_e32 v0, vcc, s0, v0
	v_addc_co_u32_e32 v1, vcc, v2, v1, vcc
	global_store_dword v[0:1], v11, off
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel gemm_tile16
		.amdhsa_group_segment_fixed_size 2048
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 24
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
		.amdhsa_next_free_vgpr 21
		.amdhsa_next_free_sgpr 10
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
	.size	gemm_tile16, .Lfunc_end0-gemm_tile16
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 1020
; NumSgprs: 12
; NumVgprs: 21
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 2048 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 5
; NumSGPRsForWavesPerEU: 12
; NumVGPRsForWavesPerEU: 21
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
      - .access:         read_only
        .address_space:  global
        .is_const:       true
        .is_restrict:    true
        .offset:         8
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .address_space:  global
        .is_restrict:    true
        .offset:         16
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
    .group_segment_fixed_size: 2048
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           gemm_tile16
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 16
      - 16
      - 1
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         gemm_tile16.kd
    .vgpr_count:     21
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx900
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
