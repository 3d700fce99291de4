	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.protected	stencil5                ; -- Begin function stencil5
	.globl	stencil5
	.p2align	8
	.type	stencil5,@function
stencil5:                               ; @stencil5
; %bb.0:
	s_load_dwordx2 s[2:3], s[4:5], 0x0
	s_load_dwordx2 s[0:1], s[4:5], 0x8
	s_load_dword s7, s[4:5], 0x10
	v_lshl_or_b32 v1, s6, 8, v0
	v_add_u32_e32 v4, 3, v1
	v_mov_b32_e32 v5, 0
	v_lshlrev_b64 v[2:3], 2, v[4:5]
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v82, s3
	v_add_co_u32_e32 v2, vcc, s2, v2
	v_add_u32_e32 v4, 1, v1
	v_add_u32_e32 v0, 2, v1
	v_addc_co_u32_e32 v3, vcc, v82, v3, vcc
	v_lshlrev_b64 v[6:7], 2, v[4:5]
	v_add_co_u32_e32 v6, vcc, s2, v6
	v_add_u32_e32 v4, s7, v0
	v_addc_co_u32_e32 v7, vcc, v82, v7, vcc
	v_lshlrev_b64 v[8:9], 2, v[4:5]
	v_add_co_u32_e32 v8, vcc, s2, v8
	v_subrev_u32_e32 v4, s7, v0
	v_addc_co_u32_e32 v9, vcc, v82, v9, vcc
	v_lshlrev_b64 v[10:11], 2, v[4:5]
	v_add_u32_e32 v1, s7, v1
	v_add_co_u32_e32 v10, vcc, s2, v10
	v_add_u32_e32 v4, 3, v1
	v_addc_co_u32_e32 v11, vcc, v82, v11, vcc
	v_lshlrev_b64 v[14:15], 2, v[4:5]
	v_add_co_u32_e32 v14, vcc, s2, v14
	v_add_u32_e32 v4, 1, v1
	v_add_u32_e32 v12, 2, v1
	v_addc_co_u32_e32 v15, vcc, v82, v15, vcc
	v_lshlrev_b64 v[16:17], 2, v[4:5]
	v_add_co_u32_e32 v16, vcc, s2, v16
	v_add_u32_e32 v4, s7, v12
	v_addc_co_u32_e32 v17, vcc, v82, v17, vcc
	v_lshlrev_b64 v[18:19], 2, v[4:5]
	v_add_co_u32_e32 v20, vcc, s2, v18
	v_subrev_u32_e32 v4, s7, v12
	v_addc_co_u32_e32 v21, vcc, v82, v19, vcc
	v_lshlrev_b64 v[18:19], 2, v[4:5]
	v_add_u32_e32 v1, s7, v1
	v_add_co_u32_e32 v18, vcc, s2, v18
	v_add_u32_e32 v4, 3, v1
	v_addc_co_u32_e32 v19, vcc, v82, v19, vcc
	v_lshlrev_b64 v[22:23], 2, v[4:5]
	v_add_co_u32_e32 v22, vcc, s2, v22
	v_add_u32_e32 v4, 1, v1
	v_add_u32_e32 v24, 2, v1
	v_addc_co_u32_e32 v23, vcc, v82, v23, vcc
	v_lshlrev_b64 v[26:27], 2, v[4:5]
	v_add_co_u32_e32 v26, vcc, s2, v26
	v_add_u32_e32 v4, s7, v24
	v_addc_co_u32_e32 v27, vcc, v82, v27, vcc
	v_lshlrev_b64 v[28:29], 2, v[4:5]
	v_add_co_u32_e32 v28, vcc, s2, v28
	v_subrev_u32_e32 v4, s7, v24
	v_addc_co_u32_e32 v29, vcc, v82, v29, vcc
	v_lshlrev_b64 v[30:31], 2, v[4:5]
	v_add_u32_e32 v1, s7, v1
	v_add_co_u32_e32 v30, vcc, s2, v30
	v_add_u32_e32 v4, 3, v1
	v_addc_co_u32_e32 v31, vcc, v82, v31, vcc
	v_lshlrev_b64 v[34:35], 2, v[4:5]
	v_add_co_u32_e32 v34, vcc, s2, v34
	v_add_u32_e32 v4, 1, v1
	v_add_u32_e32 v32, 2, v1
	v_addc_co_u32_e32 v35, vcc, v82, v35, vcc
	v_lshlrev_b64 v[36:37], 2, v[4:5]
	v_add_co_u32_e32 v36, vcc, s2, v36
	v_add_u32_e32 v4, s7, v32
	v_addc_co_u32_e32 v37, vcc, v82, v37, vcc
	v_lshlrev_b64 v[38:39], 2, v[4:5]
	v_add_co_u32_e32 v38, vcc, s2, v38
	v_subrev_u32_e32 v4, s7, v32
	v_addc_co_u32_e32 v39, vcc, v82, v39, vcc
	v_lshlrev_b64 v[40:41], 2, v[4:5]
	v_add_u32_e32 v1, s7, v1
	v_add_co_u32_e32 v40, vcc, s2, v40
	v_add_u32_e32 v4, 3, v1
	v_addc_co_u32_e32 v41, vcc, v82, v41, vcc
	v_lshlrev_b64 v[44:45], 2, v[4:5]
	v_add_co_u32_e32 v44, vcc, s2, v44
	v_add_u32_e32 v4, 1, v1
	v_add_u32_e32 v42, 2, v1
	v_addc_co_u32_e32 v45, vcc, v82, v45, vcc
	v_lshlrev_b64 v[46:47], 2, v[4:5]
	v_add_co_u32_e32 v46, vcc, s2, v46
	v_add_u32_e32 v4, s7, v42
	v_addc_co_u32_e32 v47, vcc, v82, v47, vcc
	v_lshlrev_b64 v[48:49], 2, v[4:5]
	v_add_co_u32_e32 v48, vcc, s2, v48
	v_subrev_u32_e32 v4, s7, v42
	v_addc_co_u32_e32 v49, vcc, v82, v49, vcc
	v_lshlrev_b64 v[50:51], 2, v[4:5]
	v_add_u32_e32 v1, s7, v1
	v_add_co_u32_e32 v50, vcc, s2, v50
	v_add_u32_e32 v4, 3, v1
	v_addc_co_u32_e32 v51, vcc, v82, v51, vcc
	v_lshlrev_b64 v[52:53], 2, v[4:5]
	v_add_co_u32_e32 v52, vcc, s2, v52
	v_add_u32_e32 v4, 1, v1
	v_addc_co_u32_e32 v53, vcc, v82, v53, vcc
	v_lshlrev_b64 v[54:55], 2, v[4:5]
	v_add_u32_e32 v56, 2, v1
	v_add_co_u32_e32 v54, vcc, s2, v54
	v_add_u32_e32 v4, s7, v56
	v_addc_co_u32_e32 v55, vcc, v82, v55, vcc
	v_lshlrev_b64 v[58:59], 2, v[4:5]
	v_add_co_u32_e32 v58, vcc, s2, v58
	v_subrev_u32_e32 v4, s7, v56
	v_addc_co_u32_e32 v59, vcc, v82, v59, vcc
	v_lshlrev_b64 v[60:61], 2, v[4:5]
	v_add_u32_e32 v1, s7, v1
	v_add_co_u32_e32 v60, vcc, s2, v60
	v_add_u32_e32 v4, 3, v1
	v_addc_co_u32_e32 v61, vcc, v82, v61, vcc
	v_lshlrev_b64 v[62:63], 2, v[4:5]
	v_add_co_u32_e32 v62, vcc, s2, v62
	v_add_u32_e32 v4, 1, v1
	v_addc_co_u32_e32 v63, vcc, v82, v63, vcc
	v_lshlrev_b64 v[64:65], 2, v[4:5]
	v_add_u32_e32 v66, 2, v1
	v_add_co_u32_e32 v64, vcc, s2, v64
	v_add_u32_e32 v4, s7, v66
	v_addc_co_u32_e32 v65, vcc, v82, v65, vcc
	v_lshlrev_b64 v[68:69], 2, v[4:5]
	v_add_co_u32_e32 v68, vcc, s2, v68
	v_subrev_u32_e32 v4, s7, v66
	v_addc_co_u32_e32 v69, vcc, v82, v69, vcc
	v_lshlrev_b64 v[70:71], 2, v[4:5]
	v_add_u32_e32 v1, s7, v1
	v_add_co_u32_e32 v70, vcc, s2, v70
	v_add_u32_e32 v4, 3, v1
	v_addc_co_u32_e32 v71, vcc, v82, v71, vcc
	v_lshlrev_b64 v[72:73], 2, v[4:5]
	v_add_co_u32_e32 v72, vcc, s2, v72
	v_add_u32_e32 v4, 1, v1
	v_addc_co_u32_e32 v73, vcc, v82, v73, vcc
	v_lshlrev_b64 v[74:75], 2, v[4:5]
	v_add_u32_e32 v76, 2, v1
	v_add_co_u32_e32 v74, vcc, s2, v74
	v_add_u32_e32 v4, s7, v76
	v_addc_co_u32_e32 v75, vcc, v82, v75, vcc
	v_lshlrev_b64 v[78:79], 2, v[4:5]
	v_add_co_u32_e32 v78, vcc, s2, v78
	v_subrev_u32_e32 v4, s7, v76
	v_addc_co_u32_e32 v79, vcc, v82, v79, vcc
	v_lshlrev_b64 v[80:81], 2, v[4:5]
	v_add_co_u32_e32 v80, vcc, s2, v80
	v_mov_b32_e32 v1, v5
	v_addc_co_u32_e32 v81, vcc, v82, v81, vcc
	v_lshlrev_b64 v[0:1], 2, v[0:1]
	v_add_co_u32_e32 v4, vcc, s2, v0
	v_mov_b32_e32 v13, v5
	v_mov_b32_e32 v25, v5
	v_mov_b32_e32 v33, v5
	v_mov_b32_e32 v43, v5
	v_mov_b32_e32 v57, v5
	v_mov_b32_e32 v67, v5
	v_mov_b32_e32 v77, v5
	v_addc_co_u32_e32 v5, vcc, v82, v1, vcc
	global_load_dword v83, v[2:3], off
	global_load_dword v84, v[6:7], off
	global_load_dword v85, v[8:9], off
	global_load_dword v86, v[10:11], off
	global_load_dword v87, v[4:5], off
	global_load_dword v88, v[14:15], off
	global_load_dword v89, v[16:17], off
	global_load_dword v90, v[20:21], off
	v_lshlrev_b64 v[2:3], 2, v[12:13]
	v_add_co_u32_e32 v4, vcc, s2, v2
	v_addc_co_u32_e32 v5, vcc, v82, v3, vcc
	v_lshlrev_b64 v[6:7], 2, v[24:25]
	v_add_co_u32_e32 v8, vcc, s2, v6
	v_addc_co_u32_e32 v9, vcc, v82, v7, vcc
	global_load_dword v20, v[18:19], off
	global_load_dword v21, v[4:5], off
	global_load_dword v24, v[22:23], off
	global_load_dword v25, v[26:27], off
	global_load_dword v91, v[28:29], off
	global_load_dword v92, v[30:31], off
	global_load_dword v93, v[8:9], off
	global_load_dword v94, v[34:35], off
	v_lshlrev_b64 v[4:5], 2, v[32:33]
	v_add_co_u32_e32 v8, vcc, s2, v4
	v_addc_co_u32_e32 v9, vcc, v82, v5, vcc
	global_load_dword v18, v[36:37], off
	global_load_dword v19, v[38:39], off
	global_load_dword v22, v[40:41], off
	global_load_dword v23, v[8:9], off
	global_load_dword v26, v[44:45], off
	global_load_dword v27, v[46:47], off
	global_load_dword v28, v[48:49], off
	global_load_dword v29, v[50:51], off
	v_lshlrev_b64 v[8:9], 2, v[42:43]
	v_add_co_u32_e32 v10, vcc, s2, v8
	v_addc_co_u32_e32 v11, vcc, v82, v9, vcc
	global_load_dword v30, v[10:11], off
	v_lshlrev_b64 v[10:11], 2, v[56:57]
	v_add_co_u32_e32 v12, vcc, s2, v10
	v_addc_co_u32_e32 v13, vcc, v82, v11, vcc
	global_load_dword v31, v[52:53], off
	global_load_dword v32, v[54:55], off
	global_load_dword v33, v[58:59], off
	global_load_dword v34, v[60:61], off
	global_load_dword v35, v[12:13], off
	global_load_dword v36, v[62:63], off
	global_load_dword v37, v[64:65], off
	v_lshlrev_b64 v[12:13], 2, v[66:67]
	v_add_co_u32_e32 v14, vcc, s2, v12
	v_addc_co_u32_e32 v15, vcc, v82, v13, vcc
	global_load_dword v38, v[68:69], off
	global_load_dword v39, v[70:71], off
	global_load_dword v40, v[14:15], off
	v_lshlrev_b64 v[14:15], 2, v[76:77]
	v_add_co_u32_e32 v16, vcc, s2, v14
	v_addc_co_u32_e32 v17, vcc, v82, v15, vcc
	global_load_dword v41, v[72:73], off
	global_load_dword v42, v[74:75], off
	global_load_dword v43, v[78:79], off
	global_load_dword v44, v[80:81], off
	global_load_dword v45, v[16:17], off
	v_mov_b32_e32 v17, s1
	v_add_co_u32_e32 v0, vcc, s0, v0
	v_addc_co_u32_e32 v1, vcc, v17, v1, vcc
	s_waitcnt vmcnt(38)
	v_add_f32_e32 v16, v83, v84
	s_waitcnt vmcnt(37)
	v_add_f32_e32 v16, v16, v85
	s_waitcnt vmcnt(36)
	v_add_f32_e32 v16, v16, v86
	s_waitcnt vmcnt(35)
	v_add_f32_e32 v16, v16, v87
	global_store_dword v[0:1], v16, off
	s_waitcnt vmcnt(34)
	v_add_f32_e32 v0, v88, v89
	s_waitcnt vmcnt(33)
	v_add_f32_e32 v0, v0, v90
	s_waitcnt vmcnt(32)
	v_add_f32_e32 v0, v0, v20
	s_waitcnt vmcnt(31)
	v_add_f32_e32 v16, v0, v21
	v_add_co_u32_e32 v0, vcc, s0, v2
	v_addc_co_u32_e32 v1, vcc, v17, v3, vcc
	global_store_dword v[0:1], v16, off
	s_waitcnt vmcnt(30)
	v_add_f32_e32 v0, v24, v25
	s_waitcnt vmcnt(29)
	v_add_f32_e32 v0, v0, v91
	s_waitcnt vmcnt(28)
	v_add_f32_e32 v0, v0, v92
	s_waitcnt vmcnt(27)
	v_add_f32_e32 v2, v0, v93
	v_add_co_u32_e32 v0, vcc, s0, v6
	v_addc_co_u32_e32 v1, vcc, v17, v7, vcc
	global_store_dword v[0:1], v2, off
	s_waitcnt vmcnt(26)
	v_add_f32_e32 v0, v94, v18
	s_waitcnt vmcnt(25)
	v_add_f32_e32 v0, v0, v19
	s_waitcnt vmcnt(24)
	v_add_f32_e32 v0, v0, v22
	s_waitcnt vmcnt(23)
	v_add_f32_e32 v2, v0, v23
	v_add_co_u32_e32 v0, vcc, s0, v4
	v_addc_co_u32_e32 v1, vcc, v17, v5, vcc
	global_store_dword v[0:1], v2, off
	s_waitcnt vmcnt(22)
	v_add_f32_e32 v0, v26, v27
	s_waitcnt vmcnt(21)
	v_add_f32_e32 v0, v0, v28
	s_waitcnt vmcnt(20)
	v_add_f32_e32 v0, v0, v29
	s_waitcnt vmcnt(19)
	v_add_f32_e32 v2, v0, v30
	v_add_co_u32_e32 v0, vcc, s0, v8
	v_addc_co_u32_e32 v1, vcc, v17, v9, vcc
	global_store_dword v[0:1], v2, off
	s_waitcnt vmcnt(18)
	v_add_f32_e32 v0, v31, v32
	s_waitcnt vmcnt(17)
	v_add_f32_e32 v0, v0, v33
	s_waitcnt vmcnt(16)
	v_add_f32_e32 v0, v0, v34
	s_waitcnt vmcnt(15)
	v_add_f32_e32 v2, v0, v35
	v_add_co_u32_e32 v0, vcc, s0, v10
	v_addc_co_u32_e32 v1, vcc, v17, v11, vcc
	global_store_dword v[0:1], v2, off
	s_waitcnt vmcnt(14)
	v_add_f32_e32 v0, v36, v37
	s_waitcnt vmcnt(13)
	v_add_f32_e32 v0, v0, v38
	s_waitcnt vmcnt(12)
	v_add_f32_e32 v0, v0, v39
	s_waitcnt vmcnt(11)
	v_add_f32_e32 v2, v0, v40
	v_add_co_u32_e32 v0, vcc, s0, v12
	v_addc_co_u32_e32 v1, vcc, v17, v13, vcc
	global_store_dword v[0:1], v2, off
	s_waitcnt vmcnt(10)
	v_add_f32_e32 v0, v41, v42
	s_waitcnt vmcnt(9)
	v_add_f32_e32 v0, v0, v43
	s_waitcnt vmcnt(8)
	v_add_f32_e32 v0, v0, v44
	s_waitcnt vmcnt(7)
	v_add_f32_e32 v2, v0, v45
	v_add_co_u32_e32 v0, vcc, s0, v14
	v_addc_co_u32_e32 v1, vcc, v17, v15, vcc
	global_store_dword v[0:1], v2, off
	s_endpgm
	.section	.rodata,#alloc
	.p2align	6
	.amdhsa_kernel stencil5
		.amdhsa_group_segment_fixed_size 0
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 95
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 96
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
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
	.size	stencil5, .Lfunc_end0-stencil5
                                        ; -- End function
	.section	.AMDGPU.csdata
; Kernel info:
; codeLenInByte = 1616
; NumSgprs: 10
; NumVgprs: 95
; NumAgprs: 0
; TotalNumVgprs: 95
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 11
; NumSGPRsForWavesPerEU: 10
; NumVGPRsForWavesPerEU: 95
; AccumOffset: 96
; Occupancy: 5
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 6
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 23
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
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
        .type_name:      uint
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 20
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           stencil5
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 256
      - 1
      - 1
    .sgpr_count:     10
    .sgpr_spill_count: 0
    .symbol:         stencil5.kd
    .vgpr_count:     95
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a
amdhsa.version:
  - 1
  - 1
...

	.end_amdgpu_metadata
